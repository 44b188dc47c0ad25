-- Issue 43: a credit in the ERP's order history file (its order type in CREDIT_ORDER_TYPES, or a
-- negative quantity) is stored as a return, its quantities positive; the order guide leaves it out.
ALTER TABLE "order_lines" ADD COLUMN "is_return" boolean DEFAULT false NOT NULL;