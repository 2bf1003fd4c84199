import { z } from "zod";
import { defineTool } from "../define-tool";
import { prefixedError, hostOf, str } from "../status-parts";

export const HTTP_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;

export const callApi = defineTool({
  name: "call_api",
  displayName: "Call API",
  description: "Make an HTTP request to a web API and return its response.",
  category: "Development",
  statusLine: ({ ok, args, result }) =>
    ok ? `Called ${str(args.request_type)} ${hostOf(args.endpoint_url)}` : prefixedError("Error calling API: ", result),
  input: z.object({
    endpoint_url: z.string().trim().url().describe("Full URL of the endpoint, including https://."),
    request_type: z.enum(HTTP_METHODS).describe("HTTP method."),
    params: z
      .record(z.unknown())
      .optional()
      .describe("Query parameters for GET and DELETE, or the JSON body for POST and PUT."),
  }),
});
