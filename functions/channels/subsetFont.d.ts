/** subset-font 2.9 (papandreou/subset-font): the options Herald uses; DefinitelyTyped's types stop at 2.3. */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    keepFeatures?: string[];
    noHinting?: boolean;
  }
  function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
  export default subsetFont;
}
