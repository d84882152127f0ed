-- A plain ORDER BY … DESC puts nulls first; the index must say the same to serve the fee earner's page in order.
DROP INDEX "matter_assignees_user_idx";--> statement-breakpoint
CREATE INDEX "matter_assignees_user_idx" ON "matter_assignees" USING btree ("firm_id","user_id","matter_created_at" DESC NULLS FIRST,"matter_id" DESC NULLS FIRST) WHERE is_matter_live;