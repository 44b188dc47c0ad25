-- Decision 061: a draft that was sent (its order placed) or discarded keeps its row, emptied,
-- as 'sent' or 'discarded', so that a save from a tab or device that started before is refused
-- with the reason instead of bringing the draft back.
ALTER TABLE "order_drafts" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;
