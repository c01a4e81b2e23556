import {
  b,
  bookmark,
  callout,
  code,
  columns,
  divider,
  embed,
  h1,
  h2,
  h3,
  hosted,
  i,
  image,
  li,
  link,
  ol,
  p,
  quote,
  t,
  toggle,
  video,
} from "../blocks.ts";
import { layoutProperties } from "../schemas.ts";
import type { DemoDatabase, DemoPage, DemoValue } from "../types.ts";
import type { PostSection } from "#contract/categories";
import { PUBLISHED_PROPERTY } from "#contract/notion-layout";

function post(
  title: string,
  section: PostSection,
  order: number,
  body: DemoPage["body"],
  extra: Record<string, DemoValue> = {},
  testOnly = false,
): DemoPage {
  const properties = { Title: title, Section: section, "Display Order": order, [PUBLISHED_PROPERTY]: true, ...extra };
  return { properties, body, ...(testOnly ? { testOnly } : {}) };
}

/** Posts of every section; bodies use every supported block type, plus the edge cases the site must survive. */
export const POSTS: DemoDatabase = {
  title: "Posts",
  properties: layoutProperties("Posts"),
  pages: [
    post(
      "Welcome to the workshop",
      "home",
      1,
      [
        h1("Preserving gambling history one machine at a time"),
        p([
          t("For more than thirty years we have restored "),
          b("antique slot machines"),
          t(", trade stimulators and arcade games in our workshop in central Illinois."),
        ]),
        image(hosted("slot-castle-front.png"), "A 1933 Mills Castle Front after restoration"),
        h2("What we do"),
        li("Full mechanical and cosmetic restorations", [
          li("Cabinet refinishing in period-correct stains"),
          li("Replating and casting repair"),
        ]),
        li("Parts, reel strips and award cards"),
        li([t("Appraisals for insurance and estates — see "), link("our services", "/services")]),
        quote([i("“A machine is only restored when it plays, pays and locks out exactly as it did on the day it left the factory.”")]),
      ],
      { Image: [hosted("header-main.png")] },
    ),
    post("How to buy from us", "home", 2, [
      h2("Three simple steps"),
      ol("Browse the machines for sale and note the ones you like"),
      ol([t("Call or email us — details are at the top of every page")]),
      ol("We arrange crating and insured shipping anywhere in the USA", [p("International shipping is possible for most machines.")]),
      divider(),
      p([
        t("All machines are sold as antiques. Check the laws of your state before buying; see the "),
        link("American Gaming Association", "https://www.americangaming.org/"),
        t(" for an overview."),
      ]),
    ]),
    post(
      "Reading a Mills serial number",
      "literature",
      1,
      [
        h2("Where to look"),
        p("Mills stamped the serial number on the top of the mechanism frame and, on most models, on the back of the cabinet."),
        h3("Dating by serial"),
        p("Numbers below 200,000 generally date from before 1930. The table below is the rule of thumb we use:"),
        code(
          "serial < 200000      -> before 1930\n200000 .. 350000     -> 1930 - 1935\n350000 .. 450000     -> 1936 - 1941\nserial > 450000      -> post-war",
          "plain text",
        ),
        p([
          t("The stamped number is "),
          { text: "not", bold: true, italic: true },
          t(" always legible; use a raking light and a soft pencil rubbing."),
        ]),
      ],
      { Image: [hosted("detail-mechanism.png")] },
    ),
    post("Recommended reference books", "literature", 2, [
      li([i("Slot Machines: A Pictorial History of the First 100 Years"), t(" — Marshall Fey")]),
      li([i("An American Premium Guide to Coin Operated Machines"), t(" — Jerry Ayliffe")]),
      li([i("Loose Change Blue Book"), t(" — Daniel Mead")]),
      p([
        t("Original factory catalogues turn up at auction; "),
        link("ask us", "mailto:info@antique-coin-op.example"),
        t(" if you are looking for a particular year."),
      ]),
    ]),
    post("Service manual excerpts", "literature", 3, [], {
      Content:
        "## Adjusting the payout slide\n\n1. Remove the mechanism from the cabinet.\n2. Loosen the **slide stop** screw.\n3. Set the slide so a single coin drops cleanly.\n\n> Never force the clock: it is wound by the handle.\n\nSee the [Mills service manual](https://archive.org/details/millsservicemanual) for drawings.",
    }),
    post(
      "Restoration",
      "services",
      1,
      [
        h2("Full restoration"),
        p(
          "Every machine is taken down to the last screw. Castings are stripped and repainted, the cabinet refinished, and the mechanism cleaned, repaired and adjusted.",
        ),
        image(hosted("detail-back-door.png"), "Rebuilt back door and lock"),
        h3("Typical turnaround"),
        p([t("Eight to twelve weeks, depending on parts. "), b("Prices start at $1,200"), t(" for a mechanical bell.")]),
        columns(
          [h3("You bring"), p("The machine, whatever its state, and any parts that came with it.")],
          [h3("You get back"), p("A machine that plays, pays and locks out as it did new, with photographs of every stage.")],
        ),
        toggle("Do you restore machines that are not coin-operated?", [p("Jukeboxes and scales, yes; pinball machines, no.")]),
      ],
      { Image: [hosted("part-gears.png")] },
    ),
    post("Appraisals and parts", "services", 2, [
      li("Written appraisals for insurance, estates and donations"),
      li("Reproduction reel strips and award cards from our own scans"),
      li("Original parts from our stock of donor machines"),
      code("Reel strip order: RS-MILLS-3\nAward card order: AC-JEN-05", "plain text"),
    ]),
    post(
      "Spring show season",
      "news",
      1,
      [
        h2("Where to find us"),
        p("We will be at the Chicagoland Show in April and the Pasadena show in May with a dozen restored machines."),
        divider(),
        p([t("Ask for a show discount on anything in the "), link("for-sale list", "/for-sale"), t(".")]),
        video("https://www.youtube.com/watch?v=aqz-KE-bpKQ", "Last year's show floor"),
        bookmark("https://chicagoland-show.example/", "The Chicagoland Show's own site"),
        embed("https://www.openstreetmap.org/#map=12/41.8781/-87.6298", "Where the show is held"),
        callout([t("Doors open at "), b("9 a.m."), t(" both days.")], "📅", "yellow_background"),
      ],
      { Image: [hosted("ad-clock.png")] },
    ),
    post("On the bench: a Watling Rol-a-Top", "news", 2, [
      p("This month's big job is a 1936 Watling Rol-a-Top that arrived in pieces in three boxes."),
      image(
        { external: "$SERVER/public/slot-cherry-red.png", name: "rol-a-top.png" },
        "The Rol-a-Top before work started (external image)",
      ),
      quote("It is all there — it just needs a lot of love."),
    ]),
    post("A note from the workshop", "news", 3, []),
    post("Why are they called one-armed bandits?", "miscellaneous", 1, [
      p("The handle on the side of early slot machines looked like an arm, and the machines were famous for taking players' money."),
      h3("Trade stimulators"),
      p([t("Where cash payouts were illegal, "), b("trade stimulators"), t(" paid in cigars, drinks or gum instead.")]),
    ]),
    post(
      "Reader mail (unsanitised test post)",
      "miscellaneous",
      2,
      [
        p([t("Click "), link("this harmless-looking link", "javascript:alert('xss')"), t(" to see the machine.")]),
        p("<script>alert('xss')</script> Raw script text in a paragraph must be shown as text, never run."),
        p('<img src="x" onerror="alert(\'xss\')"> An image tag with an onerror handler, as plain text.'),
        code("<script>document.cookie</script>", "html"),
      ],
      { Content: "[bad link](javascript:alert(1)) <script>alert(2)</script> <img src=x onerror=alert(3)>" },
      true,
    ),
  ],
};
