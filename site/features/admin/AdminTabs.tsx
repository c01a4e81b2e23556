import { useStore } from "@nanostores/react";
import { Tabs } from "radix-ui";
import { useEffect } from "react";
import { $openEnquiries, ENQUIRIES_POLL_MS, refreshEnquiries } from "./enquiries/enquiries-store";
import CacheTab from "./cache/CacheTab";
import EnquiriesTab from "./enquiries/EnquiriesTab";
import NotionSyncTab from "./notion-sync/NotionSyncTab";
import PageHeadersTab from "./page-headers/PageHeadersTab";
import SettingsTab from "./settings/SettingsTab";

const TRIGGER =
  "flex-1 rounded-md px-3 py-2 text-sm font-semibold text-walnut transition-colors hover:bg-cream-200 data-[state=active]:bg-oxblood-700 data-[state=active]:text-cream-50";

/** The admin tabs: Cache Management (default), Page Headers, Notion Sync, Enquiries with the count of open ones (read every 30 s), Settings. */
export default function AdminTabs() {
  const open = useStore($openEnquiries);
  useEffect(() => {
    void refreshEnquiries();
    const timer = setInterval(() => void refreshEnquiries(), ENQUIRIES_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Tabs.Root defaultValue="cache" className="grid grid-cols-1 gap-4">
      <Tabs.List aria-label="Admin sections" className="card flex flex-wrap gap-1 p-1">
        <Tabs.Trigger value="cache" className={TRIGGER}>
          Cache Management
        </Tabs.Trigger>
        <Tabs.Trigger value="headers" className={TRIGGER}>
          Page Headers
        </Tabs.Trigger>
        <Tabs.Trigger value="notion" className={TRIGGER}>
          Notion Sync
        </Tabs.Trigger>
        <Tabs.Trigger value="enquiries" className={TRIGGER}>
          Enquiries
          {open !== null && open > 0 && (
            <span className="ml-2 rounded-full bg-brass-400 px-2 py-0.5 text-xs font-bold text-ink" data-testid="open-enquiries">
              {open}
              <span className="sr-only"> open</span>
            </span>
          )}
        </Tabs.Trigger>
        <Tabs.Trigger value="settings" className={TRIGGER}>
          Settings
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="cache" className="outline-none">
        <CacheTab />
      </Tabs.Content>
      <Tabs.Content value="headers" className="outline-none">
        <PageHeadersTab />
      </Tabs.Content>
      <Tabs.Content value="notion" className="outline-none">
        <NotionSyncTab />
      </Tabs.Content>
      <Tabs.Content value="enquiries" className="outline-none">
        <EnquiriesTab />
      </Tabs.Content>
      <Tabs.Content value="settings" className="outline-none">
        <SettingsTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}
