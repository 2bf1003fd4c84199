// The filter bar (DASH-10..16, DASH-31, DASH-32, DASH-37): Admin View switch (admins only), agent
// selector, user selector and metadata filter (admin view only), date range.
import { useId } from "react";
import type { Agent } from "@/shared/agents/schema";
import type { OrgUser } from "@/shared/users/schema";
import { displayName } from "@/shared/users/schema";
import {
  METADATA_KEY_SUGGESTIONS,
  USER_METADATA_MAX,
  firstEntries,
  metadataKeys,
  metadataValues,
  moreLabel,
} from "@/shared/dashboard/format";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { MetadataChips } from "@/client/components/metadata-chips";
import type { DashboardFilters } from "./api/dashboard";
import { SearchPicker } from "./search-picker";

export const PICKER_WIDTH = 240;
export const RANGE_WIDTH = 280;

const dateValue = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
function fromDateValue(v: string, endOfDay: boolean): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  return endOfDay
    ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999)
    : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

export function FilterBar({
  isAdmin,
  filters,
  onChange,
  agents,
  users,
}: {
  isAdmin: boolean;
  filters: DashboardFilters;
  onChange: (next: DashboardFilters) => void;
  agents: Agent[];
  users: OrgUser[];
}) {
  const ids = useId();
  const set = (patch: Partial<DashboardFilters>) => onChange({ ...filters, ...patch });
  const keys = metadataKeys(users);
  const { shown: keySuggestions, more: moreKeys } = firstEntries(keys, METADATA_KEY_SUGGESTIONS);
  const values = filters.metadataKey ? metadataValues(users, filters.metadataKey) : [];
  return (
    <div role="group" aria-label="Dashboard filters" className="flex flex-wrap items-end gap-3 rounded-xl border p-3">
      {isAdmin && (
        <div className="flex items-center gap-2 self-center">
          <Switch
            id={`${ids}-admin`}
            checked={filters.orgView}
            // DASH-16: leaving organisation view clears the user and metadata filters.
            onCheckedChange={(orgView) =>
              set(orgView ? { orgView } : { orgView, userId: null, metadataKey: "", metadataValue: "" })
            }
          />
          <Label htmlFor={`${ids}-admin`}>Admin View</Label>
        </div>
      )}
      <SearchPicker
        name="Agent"
        width={PICKER_WIDTH}
        allLabel="All agents"
        emptyText="No agent found."
        value={filters.agentId === null ? null : String(filters.agentId)}
        onChange={(v) => set({ agentId: v === null ? null : Number(v) })}
        items={agents.map((a) => ({ value: String(a.id), label: a.name, search: a.name }))}
      />
      {filters.orgView && users.length > 0 && (
        <SearchPicker
          name="User"
          width={PICKER_WIDTH}
          allLabel="All users"
          emptyText="No user found."
          value={filters.userId}
          onChange={(userId) => set({ userId })}
          items={users.map((u) => ({
            value: u.id,
            label: displayName(u),
            search: `${displayName(u)} ${u.email} ${Object.values(u.publicMetadata).join(" ")}`,
            detail: <MetadataChips metadata={u.publicMetadata} max={USER_METADATA_MAX} />,
          }))}
        />
      )}
      {filters.orgView && (
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-key`}>Metadata key</Label>
            <Input
              id={`${ids}-key`}
              list={`${ids}-keys`}
              aria-describedby={keys.length > 0 ? `${ids}-key-hint` : undefined}
              value={filters.metadataKey}
              placeholder="Any key"
              style={{ width: PICKER_WIDTH / 2 + 20 }}
              onChange={(e) => set({ metadataKey: e.target.value, metadataValue: "" })}
            />
            <datalist id={`${ids}-keys`}>
              {keySuggestions.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-value`}>Metadata value</Label>
            <Input
              id={`${ids}-value`}
              list={`${ids}-values`}
              value={filters.metadataValue}
              placeholder="Any value"
              disabled={!filters.metadataKey.trim()}
              style={{ width: PICKER_WIDTH / 2 + 20 }}
              onChange={(e) => set({ metadataValue: e.target.value })}
            />
            <datalist id={`${ids}-values`}>
              {values.map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
          </div>
          {keys.length > 0 && (
            // Describes the key box rather than labelling itself: a second "Metadata key…" label made the
            // box ambiguous to anyone finding it by its label.
            <p id={`${ids}-key-hint`} className="pb-2 text-xs text-muted-foreground">
              Keys: {keySuggestions.join(", ")}
              {moreKeys > 0 && ` ${moreLabel(moreKeys)}`}
            </p>
          )}
        </div>
      )}
      <fieldset className="flex items-end gap-2" style={{ width: RANGE_WIDTH }} aria-label="Date range">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor={`${ids}-from`}>From</Label>
          <Input
            id={`${ids}-from`}
            type="date"
            value={dateValue(filters.from)}
            max={dateValue(filters.to)}
            onChange={(e) => {
              const from = fromDateValue(e.target.value, false);
              if (from) set({ from });
            }}
          />
        </div>
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor={`${ids}-to`}>To</Label>
          <Input
            id={`${ids}-to`}
            type="date"
            value={dateValue(filters.to)}
            min={dateValue(filters.from)}
            onChange={(e) => {
              const to = fromDateValue(e.target.value, true);
              if (to) set({ to });
            }}
          />
        </div>
      </fieldset>
    </div>
  );
}
