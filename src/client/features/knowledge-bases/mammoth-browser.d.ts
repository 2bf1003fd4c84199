// mammoth's prebuilt browser bundle has no type declarations of its own.
declare module "mammoth/mammoth.browser.min.js" {
  export function convertToHtml(input: { arrayBuffer: ArrayBuffer }): Promise<{ value: string }>;
}
