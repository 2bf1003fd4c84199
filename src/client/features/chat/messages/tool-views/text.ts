// How much of a result's text a card shows, and what an empty or shortened result says (chat spec §8, §9;
// docs/decisions/022-tool-result-views.md says which result uses which).

/** TOOLCARD-13: one text field of a result item (a search hit, a post, a comment, a metadata value). */
export const RESULT_TEXT_CUT = 200;
/** TOOLCARD-14: the text of a file read or a page fetch. */
export const TEXT_PREVIEW_CAP = 800;

export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** TOOLCARD-37: SQL rows, search items, knowledge-base passages. */
export const EMPTY_ROWS = "No results returned";
export const EMPTY_ITEMS = "No results found";
export const EMPTY_KNOWLEDGE = "No relevant information found...";

/** TOOLCARD-38 */
export const truncationWarning = (sections: number) => `${sections} sections were shortened due to size limits.`;
