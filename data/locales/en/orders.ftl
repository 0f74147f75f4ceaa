# Order sheets (games/core/orders.py): the buttons and notices every multi-part order shares.
sheet-back = ↩ Back
sheet-cancel = ✖ Cancel
sheet-done = ✅ Done
sheet-part-reset = ⚠️ Your order changed, so its part “{ $part }” no longer fitted and went back to its default. Check your order.
sheet-status-done = ✅ Sent. You can still change it until the others are done.
sheet-status-open = ✏️ Not sent yet: choose “Done” when it is ready.
sheet-closed = 🔒 Orders are closed: this sheet no longer changes.
sheet-all-in = ✅ Every order is in: the round goes on in the game channel.
sheet-plan-invalid = That order does not fit: its part “{ $part }” is not possible now.
sheet-nothing = ∅ None
