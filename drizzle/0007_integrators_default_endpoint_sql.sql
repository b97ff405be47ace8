-- Issue 23: today's single webhook URL per mode becomes that mode's first (default)
-- endpoint. It keeps signing with the mode's secret (its own secret columns stay null),
-- receives every event type, and its delivery history is the attempts made to that URL.
INSERT INTO "webhook_endpoints" ("id", "merchant_id", "mode", "url", "description", "event_types", "enabled", "is_default", "created_at", "updated_at")
SELECT 'we_' || upper(substr(md5(s."merchant_id" || ':' || s."mode"::text), 1, 26)), s."merchant_id", s."mode", s."url",
       'Default webhook URL', ARRAY['*']::text[], true, true, s."created_at", now()
  FROM "webhook_settings" s
 WHERE s."url" IS NOT NULL AND s."url" <> ''
   AND NOT EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e."merchant_id" = s."merchant_id" AND e."mode" = s."mode" AND e."is_default")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "webhook_attempts" a
   SET "endpoint_id" = e."id"
  FROM "webhook_events" ev, "webhook_endpoints" e
 WHERE a."event_id" = ev."id" AND e."merchant_id" = ev."merchant_id" AND e."mode" = ev."mode"
   AND e."is_default" AND a."url" = e."url" AND a."endpoint_id" IS NULL;
--> statement-breakpoint
-- Events written before endpoints existed are not fanned out again.
UPDATE "webhook_events" SET "fanned_out" = true WHERE NOT "fanned_out";
