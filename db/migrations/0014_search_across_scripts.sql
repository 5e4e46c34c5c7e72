-- Search across scripts (issue 27, decision 031): each request's loose reading of its name, address
-- and message, in which Latin and Devanagari meet ("Sunita Verma" and "सुनीता वर्मा" both read
-- "sunit vrm"). The reading is made by the code (app/lib/loose-reading.server.ts, with a
-- transliteration library), not by SQL: the rows stored before this migration are read at the
-- site's start (`fillSearchReadings`, the rows whose reading is null), a few thousand at a time.
ALTER TABLE "appointments" ADD COLUMN "search_reading" text;--> statement-breakpoint
CREATE INDEX "appointments_search_reading_trgm_idx" ON "appointments" USING gin ("search_reading" gin_trgm_ops);
