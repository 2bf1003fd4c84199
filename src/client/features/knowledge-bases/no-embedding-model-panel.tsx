// KB-02: without an embedding model a knowledge base cannot be created; three steps say how to get one.
import { Link } from "react-router";
import { Info } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";

export function NoEmbeddingModelPanel() {
  return (
    <Card className="border-amber-300 bg-amber-50/60 dark:border-amber-500/40 dark:bg-amber-500/5">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Info className="size-4 text-amber-600" aria-hidden />
          No embedding model available
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-sm text-muted-foreground">
          Knowledge bases need an embedding model to index documents. To set one up:
        </p>
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          <li>
            Connect a provider in{" "}
            <Link to="/control-hub/providers" className="font-medium text-primary underline-offset-4 hover:underline">
              Providers
            </Link>{" "}
            (OpenAI or Azure OpenAI).
          </li>
          <li>
            Configure your models in{" "}
            <Link to="/control-hub/models" className="font-medium text-primary underline-offset-4 hover:underline">
              Models
            </Link>
            .
          </li>
          <li>Return here to create your knowledge base.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
