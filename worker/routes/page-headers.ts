import { readPageHeader } from "../data/page-headers";
import { keyedLookup } from "./keyed-lookup";

/** `GET /api/page-headers/:pageId`: a page's header title and icon type, through the cache. */
export default keyedLookup({ param: "pageId", cache: ["section", "header"], notFound: "Page header", read: readPageHeader });
