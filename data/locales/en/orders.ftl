# Order sheets (games/core/orders.py): the buttons and notices every multi-part order shares.
sheet-back = ↩ Back
sheet-cancel = ✖ Cancel
sheet-done = ✅ Done
sheet-part-reset = ⚠️ Your order changed, so its part “{ $part }” no longer fitted and went back to its default. Check your order.
sheet-status-done = ✅ sent — you can still change it until everyone is in
sheet-status-open = ✏️ not sent yet: press “Done” when it is ready
sheet-all-in = ✅ Every order is in: the round goes on in the game channel.
