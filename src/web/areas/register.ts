// Side-effect imports: each screen folder calls extendArea() for the areas it extends.
// The generic kit imports this file once, before it reads areaExtensions.
import '../money/register';
export {};
