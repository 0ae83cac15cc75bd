/* Careers' public face for other features (safe in the browser): the job list and its section anchor. */

export { ApplicationStatusView } from "./ApplicationStatusView";
export {
  CareersAbout,
  careersSectionId,
  OpenApplicationTeaser,
  RecruitmentProcess,
  StudioLocations,
  WhyJoinUs,
} from "./CareersSections";
export { FilteredPositions } from "./FilteredPositions";
export { JobApply, JobBody, JobHeader, JobSuggestions } from "./JobDetails";
export { JobList } from "./JobList";
export { LocationPositions, OfficeDetails, OtherLocations, QuebecPlaytesting } from "./StudioLocation";
