import type { Store, StoredFile } from "../store-types.ts";

/** What serializers need beyond the stored data: the public base URL and the file URL signer. */
export type ShapeContext = {
  store: Store;
  baseUrl: string;
  signFile(file: StoredFile): { url: string; expiry_time: string };
};
