-- An e-mail carries a quotation, a conversation's message or, now, a CFDI (its XML and PDF).
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_carries_something";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_carries_something"
  CHECK ("sale_id" IS NOT NULL OR "message_id" IS NOT NULL OR "cfdi_document_id" IS NOT NULL);
