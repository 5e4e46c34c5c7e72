// A link that opens directions to an address in Google Maps (its documented "Maps URLs": the app
// on a phone, the site elsewhere), from wherever the phone is now.

/** "https://www.google.com/maps/dir/?api=1&destination=<address, pincode>". */
export function directionsLink(address: string, pincode: string): string {
  const destination = [address.trim(), pincode.trim()].filter(Boolean).join(", ");
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
