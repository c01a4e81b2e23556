/** Small fixture workspace for building and previewing the site without the worker (see fixture-server.ts). */

const rt = (text: string) => [{ type: "text", plain_text: text, href: null, annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" } }];

/** Site Content blocks by key. */
export const CONTENT: Record<string, object> = {
  banner_message: { id: "c1", type: "text", content: "New gallery photos arriving weekly", richText: rt("New gallery photos arriving weekly"), title: null, imageUrl: null },
  phone_contact_info: { id: "c2", type: "text", content: "(217) 555-0188", richText: rt("(217) 555-0188"), title: null, imageUrl: null },
  email_contact_info: { id: "c3", type: "text", content: "hello@fixture.example", richText: rt("hello@fixture.example"), title: null, imageUrl: null },
  header_title_markdown: { id: "c4", type: "text", content: "**Fixture** Coin-Op Antiques", richText: rt("**Fixture** Coin-Op Antiques"), title: null, imageUrl: null },
};

/** Images by key. */
export const IMAGES: Record<string, object> = {
  header_main_image: [{ id: "other", imageUrl: "/media/fixture/other.svg", altText: "Other", title: null }, { id: "header_main_image", imageUrl: "/media/fixture/logo.svg", altText: "Coin-op logo", title: "Logo" }],
  "background-texture": { id: "background-texture", imageUrl: "/media/fixture/texture.svg", altText: null, title: null },
};

/** Page descriptions by section. */
export const DESCRIPTIONS: Record<string, object> = {
  home: { section: "home", description: "We restore and sell antique coin-operated machines.", richText: rt("We restore and sell antique coin-operated machines.") },
  services: { section: "services", description: "Full mechanical and cabinet restoration.", richText: rt("Full mechanical and cabinet restoration.") },
  navigation: { section: "navigation", description: "Browse the collection", richText: rt("Browse the collection") },
};

/** Page headers by page id. */
export const HEADERS: Record<string, object> = {
  home: { id: "h1", pageId: "home", title: "Welcome to the Fixture Arcade", iconType: "home" },
  news: { id: "h2", pageId: "news", Title: "Latest News", IconType: "news" },
};

/** Posts by section. */
export const POSTS: Record<string, object[]> = {
  home: [
    { id: "p2", title: "Second", section: "home", content: "## Restorations\n\nWe [restore](/services) *everything*.\n\n[bad](javascript:alert(1))", imageUrl: null, displayOrder: 2 },
    { id: "p1", title: "First", section: "home", content: "# Hello collectors\n\nWelcome to our shop.\n\n- Slots\n- Arcades", imageUrl: "/media/fixture/post.svg", displayOrder: 1 },
    { id: "p3", title: "Empty", section: "home", content: "", imageUrl: null, displayOrder: 3 },
  ],
  literature: [{ id: "p4", title: "Catalogues", section: "literature", content: "Original **Mills** catalogues, 1931.", imageUrl: "/media/fixture/missing.png", displayOrder: 1 }],
  news: [],
};

const base = { condition: "Restored", additionalImageUrls: [] as string[] };

/** Catalogue items. */
export const ITEMS: Record<string, unknown>[] = [
  { ...base, id: "slot-1", category: "slots", title: "Mills Castle Front", description: "A five-cent Mills Castle Front slot machine with original castle casting, fully restored mechanism and reproduction reel strips. ".repeat(3), manufacturer: "Mills Novelty Co.", year: 1933, mainImageUrl: "/media/fixture/slot-1.svg", additionalImageUrls: ["/media/fixture/slot-1b.svg", "/media/fixture/slot-1c.svg", "/media/fixture/broken.png", "/media/fixture/slot-1d.svg", "/media/fixture/slot-1e.svg", "/media/fixture/slot-1f.svg"], forSale: true, price: 4250, denomination: "5¢", serialNumber: "123456", cabinetType: "Castle Front", mechanismType: null },
  { ...base, id: "slot-2", category: "slots", title: "Jennings Sun Chief", description: "Chrome-front Jennings.", manufacturer: "Jennings", year: 1948, mainImageUrl: "/media/fixture/broken.png", forSale: false, price: null, denomination: "25¢", serialNumber: null, cabinetType: "Chief", mechanismType: "Jennings" },
  { ...base, id: "slot-3", category: "slots", title: "Watling Rol-A-Top", description: "Famous coin-front.", manufacturer: "Watling", year: 1936, mainImageUrl: null, forSale: true, price: 9800.5, denomination: "10¢" },
  { ...base, id: "slot-4", category: "slots", title: "Pace Comet", description: "", manufacturer: "Pace", year: 1934, mainImageUrl: "/media/fixture/slot-4.svg", forSale: false, price: null },
  { ...base, id: "slot-5", category: "slots", title: "Caille Superior", description: "Early upright.", manufacturer: "Caille", year: 1929, mainImageUrl: null, forSale: true, price: 1500 },
  { ...base, id: "slot-6", category: "slots", title: "Buckley Bones", description: "Dice machine.", manufacturer: "Buckley", year: 1936, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "slot-7", category: "slots", title: "Groetchen Columbia", description: "Small slot.", manufacturer: "Groetchen", year: 1937, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "slot-8", category: "slots", title: "Mills Hi-Top", description: "Post-war Mills.", manufacturer: "Mills Novelty Co.", year: 1949, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "slot-9", category: "slots", title: "Mills Bell-O-Matic", description: "Late Mills.", manufacturer: "Mills Novelty Co.", year: 1951, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "slot-10", category: "slots", title: "Jennings Standard Chief", description: "Classic.", manufacturer: "Jennings", year: 1946, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "slot-11", category: "slots", title: "Watling Treasury", description: "Rare.", manufacturer: "Watling", year: 1937, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "slot-12", category: "slots", title: "Pace Bantam", description: "Small.", manufacturer: "Pace", year: 1938, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "arc-1", category: "arcades", title: "Mutoscope", description: "Hand-cranked picture viewer.", manufacturer: "International Mutoscope", year: 1905, mainImageUrl: "/media/fixture/arc-1.svg", forSale: true, price: 7200, gameType: "Viewer", numberOfPlayers: 1, cabinetCondition: "Good" },
  { ...base, id: "arc-2", category: "arcades", title: "Grip Tester", description: "Test your strength.", manufacturer: "Exhibit Supply", year: 1925, mainImageUrl: null, forSale: false, price: null, gameType: "Strength" },
  { ...base, id: "arc-3", category: "arcades", title: "Fortune Teller", description: "Reads your fortune.", manufacturer: "Exhibit Supply", year: 1930, mainImageUrl: null, forSale: false, price: null },
  { ...base, id: "part-1", category: "parts", title: "Reel Strip Set", description: "Reproduction strips.", manufacturer: "Mills Novelty Co.", year: 1930, mainImageUrl: null, forSale: true, price: 45, partType: "Reel strips", partNumber: "MS-3", compatibleModels: ["Castle Front", "Lion Head"] },
  { ...base, id: "ts-1", category: "trade-stimulators", title: "Puck Cigar Wheel", description: "Counter game.", manufacturer: "Puck", year: 1910, mainImageUrl: null, forSale: false, price: null, stimulatorType: "Wheel", originalLocation: "Chicago" },
  { ...base, id: "vend-1", category: "vending", title: "Master Peanut", description: "Penny vendor.", manufacturer: "Master", year: 1923, mainImageUrl: null, forSale: true, price: 350, type: "Peanut", productCategory: "Nuts", coinMechanism: "1¢", dimensions: "16 in" },
];
