-- Search across scripts (issue 27, decision 031): each request's loose reading of its name, address
-- and message, in which Latin and Devanagari meet ("Sunita Verma" and "सुनीता वर्मा" both read
-- "sunit vrm"). The reading is made by the code (app/lib/loose-reading.server.ts, with a
-- transliteration library), not by SQL: the rows stored before this migration are read once the
-- site has started (`fillSearchReadings`, the rows whose reading is null), 500 at a time.
-- Until a request is read, its address is searched as before, on a partial index of those alone.
ALTER TABLE "appointments" ADD COLUMN "search_reading" text;--> statement-breakpoint
CREATE INDEX "appointments_search_reading_trgm_idx" ON "appointments" USING gin ("search_reading" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_address_unread_trgm_idx" ON "appointments" USING gin (lower("address") gin_trgm_ops) WHERE "appointments"."search_reading" is null;
