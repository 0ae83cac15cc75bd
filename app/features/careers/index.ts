/* Careers' public face for other features (safe in the browser): the job list and its section anchor. */
export { careersSectionId } from "./CareersSections";
export { JobList } from "./JobList";
