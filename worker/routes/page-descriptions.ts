import { readPageDescription } from "../data/page-descriptions";
import { keyedLookup } from "./keyed-lookup";

/** `GET /api/page-description/:section`: a section's description (e.g. navigation), through the cache. */
export default keyedLookup({
  param: "section",
  cache: ["section", "description"],
  notFound: "Page description",
  read: readPageDescription,
});
