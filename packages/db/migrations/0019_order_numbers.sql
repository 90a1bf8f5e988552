-- A number people can quote for each order ("Order #1042"), from a sequence starting at 1001.
CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
-- Orders placed before this migration get numbers in the order they were placed, oldest first
-- (a column default would number them in whatever order the table is stored).
UPDATE "orders" SET "number" = "placed"."n"
FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS "placed"
WHERE "orders"."id" = "placed"."id";--> statement-breakpoint
-- New orders continue after the last of them; with no orders the sequence starts at 1001.
SELECT setval('orders_number_seq', max("number")) FROM "orders" HAVING count(*) > 0;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");
