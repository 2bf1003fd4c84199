// The Output of a schedule_task card: the task it created, and the tasks page in a new tab (TOOLCARD-15).
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { scheduleTaskResult } from "./result";

export const card = resultView(scheduleTaskResult, (data) => (
  <div className="flex flex-col gap-1 text-sm">
    <p>{data.message}</p>
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      <dt className="text-muted-foreground">Schedule</dt>
      <dd>
        {data.task.readable} ({data.task.cron}, {data.task.timeZone})
      </dd>
      <dt className="text-muted-foreground">Agent</dt>
      <dd>{data.task.agentName}</dd>
      {data.task.nextRunAt && (
        <>
          <dt className="text-muted-foreground">Next run</dt>
          <dd>{new Date(data.task.nextRunAt).toLocaleString()}</dd>
        </>
      )}
    </dl>
    <a href={data.page} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
      Open scheduled tasks
    </a>
  </div>
));
