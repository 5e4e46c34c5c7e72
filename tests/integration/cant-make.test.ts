// A visit its therapist can't make, as the front desk learns of it (docs/front-desk.md, "What
// families and therapists wait on"; docs/email.md): the dashboard's Needs attention lists the
// request with who, when and why, its tab counts exactly the rows it lists, and the request leaves
// once the visit is moved, given to another therapist or cancelled; the desk's e-mail is queued by
// the mark's own transaction (none when the mark is refused or rolled back) and reaches a real
// SMTP server with the reason and no patient's name or number. And a search from one list says
// what it matches in the others. Looked at from fixed times: no test waits for the clock.
import { and, eq, sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db.server.ts";
import { listAppointments, type Viewer } from "#app/domain/appointments/dashboard.server.ts";
import { type DashboardQuery, parseDashboardQuery } from "#app/domain/appointments/dashboard.ts";
import { deliverDue } from "#app/domain/mail/mail-sender.server.ts";
import { createMailer } from "#app/domain/mail/mailer.server.ts";
import { cantMakeMailKind } from "#app/domain/visits/cant-make-mail.server.ts";
import {
  cancelVisit,
  markVisit,
  moveVisit,
  VisitRefused,
} from "#app/domain/visits/visits.server.ts";
import {
  appointmentActivity,
  appointments,
  notifications,
  therapists,
  users,
  visits,
  type WeeklyHours,
} from "#db/schema.ts";
import { describeEachDatabase, queryRows } from "#tests/integration/databases.ts";
import {
  admin,
  india,
  seedFamily,
  seedStaff,
  therapist,
} from "#tests/integration/family-visits.ts";
import {
  captureLog,
  compose,
  defaultMoney,
  site,
  staffAddress,
} from "#tests/integration/fixtures.ts";
import { startSmtpServer } from "#tests/integration/smtp.ts";

/** Monday 30 November 2026, 10:30 AM in India: the therapist marks and the desk looks from here. */
const now = new Date("2026-11-30T05:00:00.000Z");
const viewer: Viewer = { userId: admin.id, now };
const rao = { id: therapist.id, email: therapist.email, isAdmin: false };
const sen = { id: "t-sen", email: "sen@clinic.test", isAdmin: false };
const reason = "Scooter broke down on the expressway";

/** Monday to Saturday 07:00–20:00, as seedStaff gives Dr. Rao. */
const hours: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6"].map((day) => [day, [{ from: "07:00", to: "20:00" }]]),
);

const query = (search: string): DashboardQuery => parseDashboardQuery(new URLSearchParams(search));

describeEachDatabase("a visit its therapist can't make", (database) => {
  /**
   * The staff, a second therapist, and a contacted request (received a day before `now`, so
   * nothing else puts it in Needs attention) with a visit of Dr. Rao's on Tuesday 1 December.
   */
  async function seed() {
    const { db } = database;
    await seedStaff(db);
    await db
      .insert(users)
      .values({ id: sen.id, name: sen.id, email: sen.email, emailVerified: true });
    await db.insert(therapists).values({ userId: sen.id, displayName: "Dr. Sen", hours });
    // No WhatsApp updates: a move's message to send by hand would keep it in Needs attention.
    const family = await seedFamily(db, {
      therapistId: therapist.id,
      consent: false,
      startsAt: india("2026-12-01T14:30"),
    });
    await contacted(db, family.appointmentId);
    return family;
  }

  async function contacted(db: Database, id: string) {
    await db
      .update(appointments)
      .set({ status: "contacted", createdAt: new Date(now.getTime() - 24 * 3_600_000) })
      .where(eq(appointments.id, id));
  }

  const markCantMake = (visitId: string, actor = rao, extra: { seenStartsAt?: Date } = {}) =>
    markVisit(
      database.db,
      actor,
      visitId,
      { kind: "cant_make", reason, ...extra },
      defaultMoney,
      now,
    );

  const attention = () => listAppointments(database.db, query("view=attention"), viewer);

  /** The desk's can't-make e-mails in the outbox. */
  const deskMails = () =>
    database.db.select().from(notifications).where(eq(notifications.kind, cantMakeMailKind));

  it("is listed in Needs attention with its reason until the visit is moved", async () => {
    const family = await seed();
    let list = await attention();
    expect(list.rows).toEqual([]);
    expect(list.attentionTotal).toBe(0);
    expect(list.cantMakeWaiting).toBe(0);

    await markCantMake(family.visitId);
    list = await attention();
    expect(list.rows.map((row) => row.id)).toEqual([family.appointmentId]);
    expect(list.rows[0]?.cantMake).toEqual({
      therapist: "Dr. Rao",
      startsAt: india("2026-12-01T14:30"),
      reason,
      more: 0,
    });
    // The tab's count is its rows', and the header counts the request.
    expect(list.attentionTotal).toBe(list.rows.length);
    expect(list.total).toBe(1);
    expect(list.cantMakeWaiting).toBe(1);
    // Seen from everything, the tab counts the same; with nothing else waiting, the dashboard
    // opens on Needs attention for it.
    const everything = await listAppointments(database.db, query("view=all"), viewer);
    expect(everything.attentionTotal).toBe(1);
    expect(everything.rows.find((row) => row.id === family.appointmentId)?.cantMake?.reason).toBe(
      reason,
    );
    expect((await listAppointments(database.db, query(""), viewer)).view).toBe("attention");

    await moveVisit(
      database.db,
      admin,
      family.visitId,
      { therapistId: therapist.id, start: india("2026-12-02T10:00") },
      { travelMinutes: 30, now },
    );
    list = await attention();
    expect(list.rows).toEqual([]);
    expect(list.attentionTotal).toBe(0);
    expect(list.cantMakeWaiting).toBe(0);
    expect((await listAppointments(database.db, query(""), viewer)).view).toBe("all");
  });

  it("leaves Needs attention when the visit is given to another therapist, or cancelled", async () => {
    const given = await seed();
    const cancelled = await seedFamily(database.db, {
      therapistId: therapist.id,
      phone: "98100 54321",
      consent: false,
      startsAt: india("2026-12-03T09:00"),
    });
    await contacted(database.db, cancelled.appointmentId);
    await markCantMake(given.visitId);
    await markCantMake(cancelled.visitId);
    let list = await attention();
    expect(new Set(list.rows.map((row) => row.id))).toEqual(
      new Set([given.appointmentId, cancelled.appointmentId]),
    );
    expect(list.attentionTotal).toBe(2);
    expect(list.cantMakeWaiting).toBe(2);

    // The same time, Dr. Sen instead.
    await moveVisit(
      database.db,
      admin,
      given.visitId,
      { therapistId: sen.id, start: india("2026-12-01T14:30") },
      { travelMinutes: 30, now },
    );
    list = await attention();
    expect(list.rows.map((row) => row.id)).toEqual([cancelled.appointmentId]);
    expect(list.attentionTotal).toBe(1);

    await cancelVisit(database.db, admin, cancelled.visitId, {
      by: "clinic",
      reason: "No therapist free that day",
    });
    list = await attention();
    expect(list.rows).toEqual([]);
    expect(list.attentionTotal).toBe(0);
    expect(list.cantMakeWaiting).toBe(0);
  });

  it("counts exactly the rows Needs attention lists, whatever else waits", async () => {
    const family = await seed();
    await markCantMake(family.visitId);
    // Beside it: a pending request with a call-back due (once in the list, never twice in the
    // count), a new one, an overdue one, a contacted one with a call-back due, a completed one
    // with a past call-back and a junk one (neither listed), and the can't-make request with a
    // call-back due too.
    const ids = new Map<string, string>();
    const others: Record<
      string,
      { status: "pending" | "contacted" | "completed"; age: number; callback?: number; junk?: true }
    > = {
      pendingDue: { status: "pending", age: 2, callback: -1 },
      fresh: { status: "pending", age: 3 },
      overdue: { status: "pending", age: 30 },
      contactedDue: { status: "contacted", age: 40, callback: -2 },
      completedDue: { status: "completed", age: 40, callback: -2 },
      junk: { status: "pending", age: 5, junk: true },
    };
    for (const [key, values] of Object.entries(others)) {
      const [row] = await database.db
        .insert(appointments)
        .values({
          name: `Patient ${key}`,
          phone: `98111 ${String(ids.size).padStart(5, "0")}`,
          address: "H-12, Sector 43, Gurugram",
          pincode: "122002",
          status: values.status,
          createdAt: new Date(now.getTime() - values.age * 3_600_000),
          callbackAt:
            values.callback === undefined
              ? null
              : new Date(now.getTime() + values.callback * 3_600_000),
          junk: values.junk === true,
        })
        .returning({ id: appointments.id });
      if (!row) throw new Error("not stored");
      ids.set(key, row.id);
    }
    await database.db
      .update(appointments)
      .set({ callbackAt: new Date(now.getTime() - 3_600_000) })
      .where(eq(appointments.id, family.appointmentId));

    const list = await attention();
    expect(new Set(list.rows.map((row) => row.id))).toEqual(
      new Set([
        family.appointmentId,
        ids.get("pendingDue"),
        ids.get("fresh"),
        ids.get("overdue"),
        ids.get("contactedDue"),
      ]),
    );
    expect(list.attentionTotal).toBe(5);
    expect(list.total).toBe(5);
    // The same count from everything, with "Mine" (nobody owns any), and with a search.
    expect((await listAppointments(database.db, query("view=all"), viewer)).attentionTotal).toBe(5);
    const mine = await listAppointments(database.db, query("view=all&owner=mine"), viewer);
    expect(mine.attentionTotal).toBe(0);
    const searched = await listAppointments(database.db, query("view=all&q=patient"), viewer);
    const searchedAttention = await listAppointments(
      database.db,
      query("view=attention&q=patient"),
      viewer,
    );
    expect(searched.attentionTotal).toBe(searchedAttention.rows.length);
    expect(searchedAttention.rows.length).toBe(4);
  });

  it("queues the desk's e-mail in the mark's own transaction", async () => {
    const family = await seed();
    await markCantMake(family.visitId);
    const mails = await deskMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: staffAddress,
      appointmentId: family.appointmentId,
      visitId: family.visitId,
      channel: "email",
      state: "queued",
      payload: {
        therapist: "Dr. Rao",
        startsAt: india("2026-12-01T14:30").toISOString(),
        reason,
      },
    });
    // One transaction: now() is its start, the same for the visit's change, the timeline's entry
    // and the e-mail.
    const [times] = await queryRows<{ same: boolean }>(
      database.db,
      sql`SELECT (n.created_at = v.updated_at AND n.created_at = a.created_at) AS same
        FROM notifications n
        JOIN visits v ON v.id = n.visit_id
        JOIN appointment_activity a ON a.visit_id = v.id AND a.kind = 'visit_cant_make'
        WHERE n.kind = ${cantMakeMailKind}`,
    );
    expect(times?.same).toBe(true);
  });

  it("stores neither the mark nor its e-mail when the e-mail cannot be queued", async () => {
    const family = await seed();
    // The outbox refuses this kind for the test: the mark must go back with it.
    await database.db.execute(sql`CREATE FUNCTION refuse_cant_make_mail() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.kind = ${sql.raw(`'${cantMakeMailKind}'`)} THEN
          RAISE EXCEPTION 'the outbox is refusing';
        END IF;
        RETURN NEW;
      END $$`);
    await database.db.execute(sql`CREATE TRIGGER refuse_cant_make_mail BEFORE INSERT
      ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_cant_make_mail()`);
    onTestFinished(async () => {
      await database.db.execute(sql`DROP TRIGGER refuse_cant_make_mail ON notifications`);
      await database.db.execute(sql`DROP FUNCTION refuse_cant_make_mail()`);
    });
    await expect(markCantMake(family.visitId)).rejects.toThrow();
    const [visit] = await database.db
      .select({ cantMakeAt: visits.cantMakeAt, reason: visits.cantMakeReason })
      .from(visits)
      .where(eq(visits.id, family.visitId));
    expect(visit).toEqual({ cantMakeAt: null, reason: null });
    const entries = await database.db
      .select()
      .from(appointmentActivity)
      .where(
        and(
          eq(appointmentActivity.appointmentId, family.appointmentId),
          eq(appointmentActivity.kind, "visit_cant_make"),
        ),
      );
    expect(entries).toEqual([]);
    expect((await attention()).rows).toEqual([]);
  });

  it("queues nothing when the mark is refused", async () => {
    const family = await seed();
    const refused = async (step: Promise<unknown>, kind: string) => {
      const error = await step.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(VisitRefused);
      expect((error as VisitRefused).problem.kind).toBe(kind);
    };
    // Another therapist's visit.
    await refused(markCantMake(family.visitId, sen), "not_yours");
    // Pressed on a phone that still showed the visit's old time.
    await refused(
      markCantMake(family.visitId, rao, { seenStartsAt: india("2026-12-01T09:00") }),
      "moved",
    );
    // A visit no longer scheduled.
    await cancelVisit(database.db, admin, family.visitId, { by: "patient", reason: "Away" });
    await refused(markCantMake(family.visitId), "not_scheduled");
    expect(await deskMails()).toEqual([]);
  });

  it("reaches the desk's mailbox with the reason, and no patient's name or number", async () => {
    const smtp = await startSmtpServer();
    onTestFinished(() => smtp.close());
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: `"${site.name}" <${site.email}>`,
      mailDir: "unused",
    });
    onTestFinished(() => mailer.close());
    const { log, lines } = captureLog();
    const family = await seed();
    // The request's own staff e-mail is another matter: it is sent, and only the desk's is due.
    await database.db
      .update(notifications)
      .set({ state: "sent" })
      .where(eq(notifications.appointmentId, family.appointmentId));
    await markCantMake(family.visitId);
    const [queued] = await deskMails();
    if (!queued) throw new Error("no e-mail queued");

    const report = await deliverDue(database.db, mailer, log, {
      compose,
      maxAttempts: 3,
      retryBaseSeconds: 30,
    });
    expect(report).toEqual({ sent: [queued.id], failed: [] });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    if (!mail) throw new Error("no message received");
    expect(mail.envelope.to).toEqual([staffAddress]);
    expect(mail.subject).toBe(`Can't make it: request ${family.reference}, Tue 1 Dec 2:30 PM`);
    expect(mail.text).toContain("Dr. Rao can't make a home visit");
    expect(mail.text).toContain(`Reference: ${family.reference}\n`);
    expect(mail.text).toContain("Visit: Tue 1 Dec 2:30 PM (India time)\n");
    expect(mail.text).toContain(`Reason: ${reason}\n`);
    expect(mail.text).toContain("Pin code: 122002\n");
    expect(mail.text).toContain(
      `${site.siteUrl}/admin/appointments/${family.appointmentId}#visits`,
    );
    // seedFamily's patient is "Asha Rani" at 98100 12345: in none of the e-mail's parts.
    const said = [mail.subject, mail.text, mail.html].join("\n");
    expect(said).toContain(reason);
    for (const personal of ["Asha", "Rani", "98100", "9810012345"]) {
      expect(said).not.toContain(personal);
    }
    expect(lines().join("\n")).not.toContain(reason);
    const [sent] = await deskMails();
    expect(sent?.state).toBe("sent");
  });

  it("says what a search matches in the other lists", async () => {
    const family = await seed();
    const [other] = await database.db
      .insert(appointments)
      .values({
        name: "Junk Entry",
        phone: "98111 99999",
        address: "H-1, Sector 1, Gurugram",
        pincode: "122001",
        status: "pending",
        junk: true,
        reference: sql`next_appointment_reference()`,
        createdAt: new Date(now.getTime() - 3_600_000),
      })
      .returning({ id: appointments.id, reference: appointments.reference });
    if (!other?.reference) throw new Error("not stored");
    const search = (params: string) => listAppointments(database.db, query(params), viewer);

    // A contacted request's reference, searched from Needs attention: none here, one in all.
    let list = await search(`view=attention&q=${family.reference}`);
    expect(list.rows).toEqual([]);
    expect(list.attentionTotal).toBe(0);
    expect(list.elsewhere).toEqual([{ list: "all", count: 1, relation: "more" }]);
    // Once its therapist can't make the visit, it is here: nothing more elsewhere.
    await markCantMake(family.visitId);
    list = await search(`view=attention&q=${family.reference}`);
    expect(list.rows.map((row) => row.id)).toEqual([family.appointmentId]);
    expect(list.elsewhere).toEqual([]);
    // From everything: it is one of them in Needs attention.
    list = await search(`view=all&q=${family.reference}`);
    expect(list.elsewhere).toEqual([{ list: "attention", count: 1, relation: "of" }]);
    expect(list.attentionTotal).toBe(1);
    // From contacted only, for a junk request's reference: in Junk.
    list = await search(`view=all&status=contacted&q=${other.reference}`);
    expect(list.rows).toEqual([]);
    expect(list.elsewhere).toEqual([{ list: "junk", count: 1, relation: "in" }]);
    // No search: nothing said.
    expect((await search("view=attention")).elsewhere).toEqual([]);
  });
});
