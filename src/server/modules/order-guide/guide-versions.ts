/**
 * Raises the order history's counter in `data_versions` (migration 0014, decision 054): the
 * order history import runs it in its own transaction, so a guide cached by any process is
 * built again once the import commits, and not if it is rolled back (a preview). The import
 * inserts orders, which no trigger watches: the orders trigger of migration 0014 fires only
 * when an order's customer, delivery date or status changes, so that POST Order, which inserts,
 * never queues on a shared row (issue 16's budget).
 */
export const raiseOrderHistoryVersion = `insert into data_versions (name, version) values ('order_history', 1)
  on conflict (name) do update set version = data_versions.version + 1`;
