import { readContent } from "../data/content";
import { keyedLookup } from "./keyed-lookup";

/** `GET /api/content/:key`: one Site Content block (e.g. banner_message), through the cache. */
export default keyedLookup({ param: "key", cache: ["content"], notFound: "Content", read: readContent });
