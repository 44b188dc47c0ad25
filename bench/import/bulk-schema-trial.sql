-- order_lines keys checked once per statement (decision 014): a trial, not a migration.
--
-- A row-level foreign key checks each inserted line with a query of its own: on 1,000,000
-- history lines that is most of the import's database time (issue 5). The same guarantees,
-- one set-based query per statement: the statement's new rows (a transition table) are
-- checked against orders and products, and the rows they refer to are locked FOR KEY SHARE,
-- as a foreign key does, so a concurrent delete waits for the import. Deleting an order
-- still deletes its lines, deleting a product still clears product_id. The product_id index
-- goes too: only a product's delete reads by it (a rare staff action, then a scan).
--
-- Run by bench/import/import-bench.ts with BENCH_SCHEMA_SQL=bench/import/bulk-schema-trial.sql.

alter table order_lines drop constraint order_lines_order_id_orders_id_fk;
alter table order_lines drop constraint order_lines_product_id_products_id_fk;
drop index order_lines_product_id_idx;

create function order_lines_check_keys() returns trigger language plpgsql as $$
declare
  wanted integer;
  found integer;
begin
  select count(distinct order_id) into wanted from new_lines;
  select count(*) into found from (
    select 1 from orders where id in (select order_id from new_lines) for key share) o;
  if found <> wanted then
    raise foreign_key_violation using message = 'order_lines.order_id names an order that does not exist';
  end if;
  select count(distinct product_id) into wanted from new_lines;
  select count(*) into found from (
    select 1 from products where id in (select product_id from new_lines) for key share) p;
  if found <> wanted then
    raise foreign_key_violation using message = 'order_lines.product_id names a product that does not exist';
  end if;
  return null;
end $$;

-- A trigger with transition tables has one event, hence two.
create trigger order_lines_keys_insert after insert on order_lines
  referencing new table as new_lines for each statement execute function order_lines_check_keys();
create trigger order_lines_keys_update after update on order_lines
  referencing new table as new_lines for each statement execute function order_lines_check_keys();

create function orders_delete_lines() returns trigger language plpgsql as $$
begin
  delete from order_lines where order_id in (select id from gone);
  return null;
end $$;
create trigger orders_delete_lines after delete on orders
  referencing old table as gone for each statement execute function orders_delete_lines();

create function products_clear_lines() returns trigger language plpgsql as $$
begin
  update order_lines set product_id = null where product_id in (select id from gone);
  return null;
end $$;
create trigger products_clear_lines after delete on products
  referencing old table as gone for each statement execute function products_clear_lines();
