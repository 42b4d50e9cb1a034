-- issue 31: a user's Discord bot settings (direct messages off; later their DM channel)
CREATE TABLE "discord_users" (
	"discord_id" text PRIMARY KEY NOT NULL,
	"dm_off" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discord_users" ADD CONSTRAINT "discord_users_discord_id_users_discord_id_fk" FOREIGN KEY ("discord_id") REFERENCES "public"."users"("discord_id") ON DELETE cascade ON UPDATE no action;