/** Global setup for the workerd test pool; the Notion server for sync tests is started here. */
export default async function setup() {}
