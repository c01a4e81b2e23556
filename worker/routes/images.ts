import { readImage } from "../data/images";
import { keyedLookup } from "./keyed-lookup";

/** `GET /api/images/:key`: one image record (e.g. header_main_image, background-texture), through the cache. */
export default keyedLookup({ param: "key", cache: ["images"], notFound: "Image", read: readImage });
