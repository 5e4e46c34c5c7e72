// A request's reference, as the family quotes it on the phone ("7K3Q2M"): six characters of an
// alphabet without look-alikes (no 0, 1, I, L, O), made by the database (migration 0010).
// Browser-safe: the confirmation shows it, the dashboard's search reads it.

const referenceShape = /^[2-9ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** A reference as typed or spoken back ("7k3-q2m", "7K3 Q2M"), or undefined if it is not one. */
export function readReference(typed: string): string | undefined {
  const reference = typed.replace(/[\s-]/g, "").toUpperCase();
  return referenceShape.test(reference) ? reference : undefined;
}
