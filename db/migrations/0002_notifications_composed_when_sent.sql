ALTER TABLE "notifications" DROP COLUMN "subject";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "html";