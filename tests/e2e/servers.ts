export {
  buildInto,
  startProductionServer as startServer,
} from "../../scripts/production-server.ts";

export const testSiteEnv = {
  BUSINESS_NAME: "HomePhysio NCR",
  BUSINESS_PHONE: "+91 98765 43210",
  BUSINESS_WHATSAPP: "+91 98765 43210",
  BUSINESS_EMAIL: "care@homephysio.example",
} as const;

export const analyticsIds = ["G-TEST00001", "G-TEST00002"] as const;
