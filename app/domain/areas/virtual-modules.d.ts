// The module app/domain/areas/pincode-plugin.ts makes at build time.
declare module "virtual:served-pincodes" {
  /** Each of our areas' PIN codes, space-separated. */
  export const servedPincodes: Record<import("#app/domain/areas/areas.ts").AreaSlug, string>;
}
