-- Hand-written (issue 15): houses that already share a number in one property keep their data;
-- every one but the oldest gets its account code appended (unique in the organisation), so the
-- unique index below can be built on an existing database.
UPDATE "houses" h SET "number" = btrim(h."number") || ' (' || h."account_code" || ')'
FROM (
  SELECT "organization_id", "id", row_number() OVER (
    PARTITION BY "organization_id", "property_id", lower(btrim("number")) ORDER BY "created_at", "id") AS n
  FROM "houses" WHERE "property_id" IS NOT NULL
) d
WHERE d."organization_id" = h."organization_id" AND d."id" = h."id" AND d.n > 1;--> statement-breakpoint
DROP INDEX "houses_property_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "houses_property_id_number_unique" ON "houses" USING btree ("organization_id","property_id",lower(btrim("number")));--> statement-breakpoint
-- Hand-written (issue 15): the built-in roles' new permissions (src/shared/permissions.ts). A
-- built-in role still holding exactly its old default set (md5 of its sorted permissions) gets
-- the new default; Administrator gets the new permissions always (it keeps everything); every
-- other role (custom, or a built-in one an administrator edited) gets view.financials and
-- export.list, which it could do before they existed, so nobody loses anything on upgrade.
UPDATE "roles" r SET "permissions" = ARRAY(SELECT DISTINCT p FROM unnest(r."permissions" || CASE
    WHEN r."built_in" AND r."name" = 'Manager' AND x.h = '71fd085af19d41f376724eb5d6359e27' THEN ARRAY['view.financials', 'export.list']
    WHEN r."built_in" AND r."name" = 'Accountant' AND x.h = '66b04739f0e59f0d9169227c6d01c8de' THEN ARRAY['view.financials', 'export.list']
    WHEN r."built_in" AND r."name" = 'Caretaker' AND x.h = '01898aa52627ecaa19fff8dd3418a259' THEN ARRAY['list.payment_channel', 'show.payment_channel', 'list.invoice', 'show.invoice']
    WHEN r."built_in" AND r."name" = 'Viewer' AND x.h = '885907fc8cc4070d8a1cce66ac22bbd5' THEN ARRAY['view.financials']
    ELSE ARRAY['view.financials', 'export.list'] END) AS p ORDER BY p), "updated_at" = now()
FROM (SELECT "organization_id", "id", md5(array_to_string(ARRAY(SELECT p FROM unnest("permissions") AS p ORDER BY p COLLATE "C"), ',')) AS h FROM "roles") x
WHERE x."organization_id" = r."organization_id" AND x."id" = r."id";
