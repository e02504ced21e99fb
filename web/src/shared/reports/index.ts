export { DayBarsChart, HourChart, RankChart, SalesPerDayChart } from './charts';
export { clubDate, dayEnd, dayStart, thisMonth } from './clubDays';
export { ExportButtons } from './ExportButtons';
export { lastWeek, ReportRange, type Period } from './ReportRange';
export { ReportPage, ReportTable, ReportToolbar, useReportState, type ReportTableProps, type ReportToolbarProps } from './ReportTable';
export { default as reportStyles } from './reports.module.css';
export { StatCards, type StatCard } from './StatCards';
