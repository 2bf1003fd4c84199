// A reason a document could not be made that the model can act on (a missing image, a series that does
// not fit its categories). Its message reaches the tool result; any other failure reads "Unknown error".
export class DocumentError extends Error {
  override name = "DocumentError";
}
