ALTER TABLE "tournaments" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- events recorded before this migration counted toward their series' ratings: they stay rated (nothing
-- a site had is taken away on upgrade; an admin may unmark one). New events are unrated until an admin marks them.
UPDATE "tournaments" t SET "rated" = true WHERE EXISTS (SELECT 1 FROM "event_records" er WHERE er."tournament_uid" = t."uid");
