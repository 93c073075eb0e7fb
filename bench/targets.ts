// Issue 14's targets, in one place for the parts that print them and the results file.

export const TARGETS = {
  /** every list case: full stack ÷ bare route, requests per second, at least */
  listRatio: 0.5,
  /** every list case: this process's CPU per full-stack request, at most (ms) */
  listNodeCpuMs: 1,
  /** every report: service ÷ the single raw SQL aggregate, at most */
  reportRatio: 1.2,
  /** the billing run ÷ one set-based INSERT … SELECT of the same invoices, at most */
  billingRatio: 1.5,
  /** a re-run of billing with nothing to do, at most (s) */
  billingRerunSeconds: 1,
} as const;
