-- Every change to the appointments, by any instance or any tool, tells the listeners on the
-- channel appointments_changed (the dashboards' live updates): one notification per statement,
-- so a group of requests stored together is one message. PostgreSQL delivers it to every
-- connection that listens, after the commit; PGlite to its own process.
CREATE FUNCTION notify_appointments_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('appointments_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER appointments_changed
  AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_appointments_changed();
