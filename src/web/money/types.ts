// The money endpoints' answers: declared once, in src/shared/money-report-shapes.ts.
export * from '../../shared/money-report-shapes';
