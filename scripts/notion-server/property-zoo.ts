import { pageIdFor } from "./ids.ts";
import type { DatabaseSpec } from "./workspace.ts";

/** Title of the property-zoo database. */
const ZOO_TITLE = "Workshop Log";

/**
 * A database using every property type the server speaks (its pictures named as in the demo's images folder): tests add it with
 * `POST /__control/databases` or `server.addDatabase` to check how the sync stores each Notion type.
 */
export function propertyZooDatabase(): DatabaseSpec {
  return {
    title: ZOO_TITLE,
    properties: {
      Job: { type: "title" },
      Notes: { type: "rich_text" },
      Hours: { type: "number", format: "number" },
      Done: { type: "checkbox" },
      Bench: { type: "select", options: ["Front", "Back"] },
      Tags: { type: "multi_select", options: ["Mechanism", "Cabinet", "Plating"] },
      Stage: { type: "status", options: ["Not started", "In progress", "Done"] },
      Due: { type: "date" },
      Link: { type: "url" },
      Contact: { type: "email" },
      Phone: { type: "phone_number" },
      Photos: { type: "files" },
      Restorer: { type: "people" },
      Machine: { type: "relation", relatesTo: "Slot Machines" },
      Summary: { type: "formula", expression: 'prop("Job") + " (" + prop("Hours") + " h)"' },
      Billable: { type: "formula", expression: 'prop("Hours") > 2' },
      Created: { type: "created_time" },
      Edited: { type: "last_edited_time" },
      Ref: { type: "unique_id", prefix: "JOB" },
    },
    pages: [
      {
        properties: {
          Job: "Rebuild Castle Front clock",
          Notes: [
            { text: "Replace the " },
            { text: "main spring", bold: true },
            { text: " and regulate; see " },
            { text: "notes", link: "https://example.com/notes" },
          ],
          Hours: 3.5,
          Done: true,
          Bench: "Front",
          Tags: ["Mechanism", "Plating"],
          Stage: "Done",
          Due: { start: "2025-02-03", end: "2025-02-05" },
          Link: "https://example.com/jobs/1",
          Contact: "bench@antique-coin-op.example",
          Phone: "+1 217 555 0148",
          Photos: [{ image: "detail-mechanism.png" }, { external: "$SERVER/public/detail-reels.png", name: "detail-reels.png" }],
          Restorer: ["Ada Workshop"],
          Machine: [pageIdFor("Slot Machines", "Mills Castle Front 5¢")],
          Summary: "Rebuild Castle Front clock (3.5 h)",
          Billable: true,
        },
      },
      { properties: { Job: "Empty job" } },
    ],
  };
}
