ALTER TABLE "payment_reports" DROP CONSTRAINT "payment_reports_decision_check";--> statement-breakpoint
ALTER TABLE "payment_reports" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD COLUMN "trust_request_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD COLUMN "trust_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_firm_trust_request_fk" FOREIGN KEY ("firm_id","trust_request_id") REFERENCES "public"."trust_requests"("firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reports_one_waiting_request_key" ON "payment_reports" USING btree ("firm_id","trust_request_id") WHERE "payment_reports"."status" = 'reported' and "payment_reports"."trust_request_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_item_check" CHECK (("payment_reports"."invoice_id" is null) <> ("payment_reports"."trust_request_id" is null));--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_decision_check" CHECK (("payment_reports"."status" = 'reported') = ("payment_reports"."decided_at" is null)
        and ("payment_reports"."status" <> 'confirmed' or "payment_reports"."payment_id" is not null or "payment_reports"."trust_transaction_id" is not null)
        and ("payment_reports"."status" <> 'rejected' or "payment_reports"."rejection_reason" is not null));