// Recent Conversations (DASH-20..23): loading text, one card per conversation, the empty texts.
import type { InteractionsPage } from "@/shared/dashboard/schema";
import type { HttpError } from "@/client/lib/api";
import { errorMessage } from "@/client/lib/api";
import { Button } from "@/client/components/ui/button";
import { ConversationCard } from "./conversation-card";
import { ExportCsvButton } from "./export-csv-button";

export function RecentConversations({
  page,
  error,
  isLoading,
  isAdmin,
  metadataFiltered,
  onClearFilters,
  onExport,
}: {
  page: InteractionsPage | undefined;
  error: HttpError | undefined;
  isLoading: boolean;
  isAdmin: boolean;
  metadataFiltered: boolean;
  onClearFilters: () => void;
  onExport: () => Promise<void>;
}) {
  const list = page?.data ?? [];
  return (
    <section aria-labelledby="recent-conversations" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-conversations" className="text-lg font-semibold">
          Recent Conversations
        </h2>
        {list.length > 0 && <ExportCsvButton onExport={onExport} />}
      </div>
      {isLoading && !page ? (
        <p className="text-sm text-muted-foreground">Loading recent conversations...</p>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, "Failed to load recent conversations")}
        </p>
      ) : list.length === 0 ? (
        metadataFiltered ? (
          <div className="rounded-xl border border-dashed p-8 text-center">
            <p className="font-medium">No conversations found</p>
            <p className="text-sm text-muted-foreground">Try adjusting your metadata filters or date range</p>
          </div>
        ) : (
          <div className="rounded-xl border border-dashed p-8 text-center">
            <p className="font-medium">No data available with current filters</p>
            <p className="text-sm text-muted-foreground">Try clearing the filters or widening the date range.</p>
            <Button variant="link" onClick={onClearFilters}>
              Clear filters
            </Button>
          </div>
        )
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {list.map((i) => (
            <ConversationCard key={i.id} interaction={i} isAdmin={isAdmin} />
          ))}
        </div>
      )}
    </section>
  );
}
