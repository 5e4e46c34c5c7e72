// The Account section's posts on a request's page (decisions 045, 046): sell a package, record a
// payment, record a refund, correct a receipt with a credit note. A refusal is a 4xx with the words a person reads and nothing stored;
// each change made is one row of the access log (its kind and amount, never a name).
import { data } from "react-router";
import type { Database } from "#app/db.server.ts";
import { frontDeskMessages } from "#app/domain/appointments/front-desk-texts.ts";
import { type Actor, ErasedError } from "#app/domain/appointments/request-changes.server.ts";
import {
  issueCreditNote,
  MoneyRefused,
  recordPayment,
  recordRefund,
  sellPackage,
} from "#app/domain/money/account.server.ts";
import { type MoneyResult, moneyActionSchema } from "#app/domain/money/money-form.ts";
import {
  moneyDone,
  moneyFormMessages,
  moneyProblemMessage,
} from "#app/domain/money/money-texts.ts";
import type { MoneySettings } from "#app/domain/money/prices.server.ts";
import {
  PaymentLinkFailed,
  type RazorpaySettings,
  sendPaymentLink,
} from "#app/domain/money/razorpay.server.ts";
import { recordAccess } from "#app/domain/privacy/access-log.server.ts";
import { visitFormMessages } from "#app/domain/visits/visit-texts.ts";
import type { FamilyMessaging } from "#app/domain/visits/visits.server.ts";
import { isDatabaseBusy } from "#app/lib/database-error.ts";
import { getLogger } from "#app/lib/logger.server.ts";

const fields = new Set([
  "amount",
  "method",
  "paidOn",
  "reason",
  "reference",
  "currency",
  "paymentId",
]);

export async function moneyAction(
  form: FormData,
  context: {
    db: Database;
    actor: Actor;
    address: string | null;
    appointmentId: string;
    money: MoneySettings;
    headers: Headers;
    /** The moment of the change (the clock's unless a test fixes it). */
    now?: Date;
    /** How the receipt's message to the family goes (WhatsApp's API, or by hand). */
    messaging?: FamilyMessaging;
    /** Razorpay, when the clinic has it (payment links), and the site's address for its return. */
    online?: { razorpay: RazorpaySettings | null; siteUrl: string };
  },
) {
  const { db, actor, appointmentId, money } = context;
  const now = context.now ?? new Date();
  const answer = (result: MoneyResult, status = 200) =>
    data<MoneyResult>(result, { status, headers: context.headers });
  const parsed = moneyActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const named = typeof field === "string" && fields.has(field) ? field : undefined;
    return answer(
      {
        ok: false,
        message: issue && named ? issue.message : moneyFormMessages.failed,
        ...(named && named !== "currency" ? { field: named as "amount" } : {}),
      },
      400,
    );
  }
  const action = parsed.data;
  try {
    let message: string;
    let detail: Record<string, unknown>;
    switch (action.intent) {
      case "package-sell": {
        await sellPackage(db, actor, appointmentId, money, now);
        message = moneyDone["package-sell"];
        detail = { change: "package", amountPaise: money.prices.packagePricePaise };
        break;
      }
      case "payment-record": {
        const { receiptNumber } = await recordPayment(
          db,
          actor,
          appointmentId,
          {
            method: action.method,
            amountPaise: action.amount,
            paidOn: action.paidOn,
            reference: action.reference,
          },
          money,
          now,
          context.messaging,
        );
        message = moneyDone["payment-record"](receiptNumber);
        detail = { change: "payment", amountPaise: action.amount, receipt: receiptNumber };
        break;
      }
      case "payment-refund": {
        await recordRefund(
          db,
          actor,
          appointmentId,
          {
            method: action.method,
            amountPaise: action.amount,
            paidOn: action.paidOn,
            reference: action.reference,
            reason: action.reason,
          },
          now,
        );
        message = moneyDone["payment-refund"];
        detail = { change: "refund", amountPaise: action.amount };
        break;
      }
      case "link-due":
      case "link-package": {
        const razorpay = context.online?.razorpay;
        if (!razorpay || !context.online) {
          return answer({ ok: false, message: moneyFormMessages.noRazorpay }, 404);
        }
        const purpose = action.intent === "link-due" ? "due" : "package";
        const link = await sendPaymentLink(
          db,
          razorpay,
          actor,
          appointmentId,
          purpose,
          money,
          { siteUrl: context.online.siteUrl },
          context.messaging,
        );
        message = moneyDone.link(link.amountPaise, link.shortUrl);
        detail = { change: "payment_link", purpose, amountPaise: link.amountPaise };
        break;
      }
      case "credit-note": {
        const { number } = await issueCreditNote(
          db,
          actor,
          appointmentId,
          { paymentId: action.paymentId, amountPaise: action.amount, reason: action.reason },
          money,
          now,
        );
        message = moneyDone["credit-note"](number);
        detail = { change: "credit_note", amountPaise: action.amount, creditNote: number };
        break;
      }
    }
    await recordAccess(db, {
      actor,
      address: context.address,
      action: "money",
      appointmentIds: [appointmentId],
      detail,
    });
    return answer({ ok: true, message });
  } catch (error) {
    if (error instanceof ErasedError) {
      return answer({ ok: false, message: frontDeskMessages.erased }, 409);
    }
    if (error instanceof PaymentLinkFailed) {
      getLogger().warn(
        { detail: error.detail },
        "payment link not made: the gateway refused or did not answer",
      );
      return answer({ ok: false, message: moneyFormMessages.linkFailed }, 502);
    }
    if (error instanceof MoneyRefused) {
      const problem = error.problem;
      return answer(
        {
          ok: false,
          message: moneyProblemMessage(problem),
          ...(problem.kind === "paid_on_future" || problem.kind === "paid_on_too_old"
            ? { field: "paidOn" as const }
            : problem.kind === "refund_too_large" || problem.kind === "credit_too_large"
              ? { field: "amount" as const }
              : problem.kind === "no_receipt"
                ? { field: "paymentId" as const }
                : {}),
        },
        problem.kind === "no_request" || problem.kind === "no_receipt"
          ? 404
          : problem.kind === "nothing_due"
            ? 409
            : problem.kind === "refund_too_large" || problem.kind === "credit_too_large"
              ? 409
              : 400,
      );
    }
    if (isDatabaseBusy(error)) {
      getLogger().warn(
        { err: error, intent: action.intent },
        "money action: the database was busy",
      );
      return answer({ ok: false, message: visitFormMessages.busy }, 503);
    }
    getLogger().error({ err: error, intent: action.intent }, "money action failed");
    return answer({ ok: false, message: moneyFormMessages.failed }, 500);
  }
}
