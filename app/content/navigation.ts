export interface NavItem {
  label: string;
  to: string;
}

export const mainNav: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];

export const legalNav: NavItem[] = [{ label: "Privacy Policy", to: "/privacy-policy" }];

// Footer link lists. The page records in services.ts and service-areas.ts are the source of
// truth; these copies keep the full page content out of the code every page loads, and a
// unit test (navigation.test.ts) fails if they drift apart.
export const serviceNav: NavItem[] = [
  { label: "Stroke Rehabilitation", to: "/stroke-rehabilitation-at-home" },
  { label: "Post-Surgery Physiotherapy", to: "/post-surgery-physiotherapy-at-home" },
  { label: "Back Pain Physiotherapy", to: "/back-pain-physiotherapy-at-home" },
  { label: "Sports Injury Physiotherapy", to: "/sports-injury-physiotherapy" },
  { label: "Senior Physiotherapy", to: "/senior-physiotherapy-at-home" },
];

export const areaNav: NavItem[] = [
  { label: "Gurugram", to: "/service-areas/gurugram" },
  { label: "Delhi", to: "/service-areas/delhi" },
  { label: "Noida", to: "/service-areas/noida" },
  { label: "Greater Noida", to: "/service-areas/greater-noida" },
  { label: "Faridabad", to: "/service-areas/faridabad" },
];
