import { describe, expect, it } from "vitest";
import { embeddingLine, fileStatus, firstNames, formatFileSize, isFileInProgress, kbStatus } from "./kb-labels";

describe("knowledge-base labels", () => {
  it("[KB-26] knowledge base status: ready, processing, error, else Unknown", () => {
    expect(kbStatus("ready").label).toBe("Ready");
    expect(kbStatus("processing").label).toBe("Processing");
    expect(kbStatus("error").label).toBe("Error");
    expect(kbStatus("archived").label).toBe("Unknown");
    expect(kbStatus(null).label).toBe("Unknown");
  });

  it("[KB-45] file status: pending Pending, processing and completed Processing, indexed Ready, failed Failed, other Unknown", () => {
    expect(
      ["pending", "processing", "completed", "indexed", "failed", "weird"].map((s) => fileStatus(s).label),
    ).toEqual(["Pending", "Processing", "Processing", "Ready", "Failed", "Unknown"]);
    // The detail page polls while a file is on its way to Ready, and stops once all have settled.
    expect(["pending", "processing", "completed"].every(isFileInProgress)).toBe(true);
    expect(["indexed", "failed"].some(isFileInProgress)).toBe(false);
  });

  it("[KB-03] [KB-09] the card's embedding line: provider (OpenAI, Azure, else Unknown), model and dimensions", () => {
    expect(embeddingLine({ embeddingModel: "openai:text-embedding-3-small", embeddingDimensions: 1536 })).toBe(
      "OpenAI · text-embedding-3-small (1536 dimensions)",
    );
    expect(embeddingLine({ embeddingModel: "azure:emb-prod", embeddingDimensions: 1536 })).toBe(
      "Azure · emb-prod (1536 dimensions)",
    );
    expect(embeddingLine({ embeddingModel: "cohere:embed-v3", embeddingDimensions: 1024 })).toBe(
      "Unknown · embed-v3 (1024 dimensions)",
    );
  });

  it("[KB-48] sizes in Bytes, KB, MB or GB, base 1024, 2 decimals", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(512)).toBe("512.00 Bytes");
    expect(formatFileSize(1024)).toBe("1.00 KB");
    expect(formatFileSize(1536)).toBe("1.50 KB");
    expect(formatFileSize(250 * 1024 * 1024)).toBe("250.00 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3.00 GB");
    expect(formatFileSize(5 * 1024 ** 4)).toBe("5120.00 GB");
  });

  it("[KB-04] [KB-29] agents: the first 3 on a card, 2 on the detail page, plus how many more", () => {
    const names = ["A", "B", "C", "D", "E"];
    expect(firstNames(names, 3)).toEqual({ shown: ["A", "B", "C"], more: 2 });
    expect(firstNames(names, 2)).toEqual({ shown: ["A", "B"], more: 3 });
    expect(firstNames(["A"], 3)).toEqual({ shown: ["A"], more: 0 });
  });
});
