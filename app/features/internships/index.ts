/* internships: its face. */
export { EarlyCareerJobs, InternshipFaq, Testimonials, YearRoundBanner } from "./InternshipSections";
