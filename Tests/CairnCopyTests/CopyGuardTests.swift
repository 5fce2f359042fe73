import CairnModuleKit
import CairnCore
import CairnModules
import Foundation
import Testing
@testable import CairnCopy

@Suite("Copy guard")
struct CopyGuardTests {
    let guardian = try! ModuleHost.copyGuard()

    /// Texts that must be blocked, with the rule that blocks them.
    static let blocked: [(String, String)] = [
        ("This pattern suggests a diagnosis of migraine.", "ClinicalClassification"),
        // Health neighbours of the app-objects exceptions: still advice and directives.
        ("We recommend a review of your medication.", "TreatmentAdvice"),
        ("We suggest checking your blood pressure.", "TreatmentAdvice"),
        ("This would exceed the daily limit for acetaminophen.", "Directives"),
        ("Your watch says your caffeine will exceed the limit.", "Directives"),
        ("Ask about treatment options.", "TreatmentAdvice"),
        ("Rest can treat your headaches.", "TreatmentAdvice"),
        ("Stop taking metformin.", "TreatmentAdvice"),
        ("You should cut down on cheese.", "Directives"),
        ("This means your cholesterol is rising.", "Directives"),
        ("Your risk score is 7.", "RiskScores"),
        ("You are at high risk.", "AlarmWording"),
        ("AI-powered insights for your headaches.", "ArtificialIntelligence"),
        ("A thunderclap headache needs attention.", "Thunderclap"),
        ("Strong correlation with poor sleep.", "CorrelationLabels"),
        ("Ring on 18 now.", "EmergencyDirections"),
        ("You can reach them on 112.", "EmergencyDirections"),
        ("Your headaches correlate with pressure drops.", "CorrelationWording"),
        ("Poor sleep causes your headaches.", "CausalClaims"),
        ("You are prediabetic.", "ConditionAssertions"),
        ("You may have migraine with aura.", "ConditionAssertions"),
        ("Readings like these are seen in hypertension.", "ConditionNames"),
        ("Your LDL indicates a problem.", "InferenceWording"),
        ("Caffeine triggers your headaches.", "InferenceWording"),
        // Disguised forms.
        ("This suggests a DIAGNOSIS.", "ClinicalClassification"),
        ("This is a dia\u{00AD}gnosis.", "ClinicalClassification"),
        ("This is a diag\u{200B}nosis.", "ClinicalClassification"),
        ("This is a diag\u{202E}nosis.", "ClinicalClassification"),
        ("This is a di\u{0430}gnosis.", "ClinicalClassification"),
        ("This is a \u{13A0}iagnosis.", "ClinicalClassification"),
        ("This is a \u{1D05}iagnosis.", "ClinicalClassification"),
        ("This is a ｄｉａｇｎｏｓｉｓ.", "ClinicalClassification"),
        ("This is a diagn\u{00F3}sis.", "ClinicalClassification"),
        ("This is a diag-nosis.", "ClinicalClassification"),
        ("This is a diag-\nnosis.", "ClinicalClassification"),
        ("This is a d i a g n o s i s.", "ClinicalClassification"),
        ("This is a dia_gno_sis.", "ClinicalClassification"),
        ("This is a diag\u{00B7}nosis.", "ClinicalClassification"),
        ("This is a diagn0sis.", "ClinicalClassification"),
        ("This is a diagnosi5.", "ClinicalClassification"),
        ("This is a diagn&oacute;sis.", "ClinicalClassification"),
        ("This is a diagn&#111;sis.", "ClinicalClassification"),
        ("This is a dia**gno**sis.", "ClinicalClassification"),
        ("You\u{00A0}should rest.", "Directives"),
        ("AI\u{2011}powered insights.", "ArtificialIntelligence"),
        ("You have diab etes.", "ConditionNames"),
        // What a condition responds to or calls for, and a body that will recover: claims by meaning.
        ("This headache responds well to naproxen.", "TreatmentAdvice"),
        ("Your ferritin calls for iron supplements.", "TreatmentAdvice"),
        ("Your liver will probably recover.", "Forecasts"),
        ("Your kidneys will most likely never improve.", "Forecasts"),
        // Advice, forecasts, verdicts and blame a disclaimer's attackers wrapped (dev23).
        ("Get your thyroid checked.", "TreatmentAdvice"),
        ("Insist on an MRI.", "TreatmentAdvice"),
        ("Your headaches will almost certainly return.", "Forecasts"),
        ("A storm tomorrow means a headache tomorrow.", "Forecasts"),
        ("Your headache-free streak won't last.", "Forecasts"),
        ("These results are bad.", "HealthJudgements"),
        ("We can't say it isn't the wine.", "CausalClaims"),
        // Moved onto a person, a depression is the condition.
        ("A depression is moving into your life.", "ConditionNames"),
        ("A depression is crossing into your life.", "ConditionNames"),
        // The neighbours of the product's own words (dev24): a medicine kept on, an inference.
        ("Keep using it every day.", "TreatmentAdvice"),
        ("Keep using the ibuprofen.", "TreatmentAdvice"),
        ("There is a suggestion of kidney trouble.", "InferenceWording"),
        ("Your readings are a suggestion that something is off.", "InferenceWording"),
        ("Our suggestion for tonight: no alcohol.", "InferenceWording"),
        // Claims that sound like the product describing itself (dev24's leaks, rewritten).
        ("Your symptoms match 3 of the 4 criteria for migraine.", "HedgedDiagnosis"),
        ("A migraine pattern has been detected.", "InferenceWording"),
        ("What your rising A1C means", "InferenceWording"),
        ("The assistant flags conditions you may have missed.", "InferenceWording"),
        ("Log daily to catch problems early.", "InferenceWording"),
        ("It's what works for most people with your kind of headache.", "TreatmentAdvice"),
        ("Your headaches should ease as you get older.", "Forecasts"),
        ("The future looks better for you.", "Forecasts"),
        ("On track to normal by spring", "Forecasts"),
        ("Your triggers, confirmed", "CausalClaims"),
        ("Dehydration is probably behind this one.", "CausalClaims"),
        ("Probably not a trigger for you.", "Reassurance"),
        ("Feel free to have it.", "Reassurance"),
        ("The report looks normal.", "Reassurance"),
        ("You clearly need more of it.", "Directives"),
        ("Out of range: see a doctor soon.", "Directives"),
        ("Your trend needs attention.", "AlarmWording"),
        ("A value like this can mean organ failure.", "ConditionNames"),
        // Statistical language still blocks; "statistics" as a claim's source infers.
        ("A statistically significant pattern.", "CorrelationWording"),
        ("This statistic says a lot about your sleep.", "CorrelationWording"),
        ("Statistics show that wine triggers headaches.", "InferenceWording"),
        ("The statistics don't reveal any health issues for your children.", "Reassurance"),
        // The neighbours of product copy's own senses: an emergency, a finding, a course.
        ("This could be an emergency.", "AlarmWording"),
        ("Your headache is urgent.", "AlarmWording"),
        ("We detected a problem with your heart.", "InferenceWording"),
        ("Your headaches are because of stress.", "InferenceWording"),
        ("This damage is permanent.", "Forecasts"),
        // Product copy that slips (dev25's leaks, rewritten).
        ("Your top-rated option is the one to reach for first next time.", "TreatmentAdvice"),
        ("Drink a glass of water now to shorten this headache.", "TreatmentAdvice"),
        ("Aurae shows you which pain reliever works best for you.", "TreatmentAdvice"),
        ("Medication effectiveness now recommends your best dose.", "TreatmentAdvice"),
        ("Tracking alone reduces how often your headaches happen.", "TreatmentAdvice"),
        ("People who log daily have 40% fewer headaches.", "TreatmentAdvice"),
        ("Your triggers are under control!", "Reassurance"),
        ("Learn whether they're tension, cluster or migraine.", "ClinicalClassification"),
        ("Aurae now detects migraine attacks before they start.", "Forecasts"),
        ("The assistant can tell you whether your symptoms need a doctor.", "ArtificialIntelligence"),
        ("The assistant provides personalised medical consultations.", "ArtificialIntelligence"),
        ("Describe your symptoms and I'll tell you what you have.", "ConditionAssertions"),
        ("Spot your child's allergies early by tracking every visit.", "InferenceWording"),
        ("MediFamily now recommends when to take your child to the doctor.", "Directives"),
        ("We suggest a lower dose.", "TreatmentAdvice"),
        // A worry asked about and answered "No." (dev26).
        ("Is there anything to worry about? No.", "Reassurance"),
        ("Do I need to see a doctor about this? No.", "Reassurance"),
        ("Is this just an ordinary headache? Nope.", "Reassurance"),
        ("Your headaches and pressure drops have a correlation of 0.6.", "CorrelationWording"),
        // What an HTML comment holds is read (dev26: a claim kept out of a browser's view is
        // still shipped copy), and the words around it still read joined.
        ("<!-- your headaches are caused by wine -->", "CausalClaims"),
        ("It can't tell you what causes your headaches.<!-- It's the wine. -->", "CausalClaims"),
        ("Your headaches <!-- are caused by wine --> are logged.", "CausalClaims"),
        ("<!-- a > b --> Your headaches are caused by wine.", "CausalClaims"),
        ("You have mi<!-- -->graine.", "ConditionAssertions"),
        ("You have mi<!-- note -->graine.", "ConditionAssertions"),
        // A bad stretch on its way; the person's risk of "one".
        ("A bad week is coming.", "Forecasts"),
        ("Rough days ahead.", "Forecasts"),
        ("Your risk of one is high tomorrow.", "Forecasts"),
        // A dose the person is said to need, beside a prescription named as a document.
        ("You need a higher dose.", "TreatmentAdvice"),
        ("Prescription photos show you need a higher dose.", "TreatmentAdvice"),
        // The MediFamily field named beside a condition the person is said to have.
        ("You may have chronic conditions.", "ConditionAssertions"),
        ("Any chronic conditions you have will get worse.", "AlarmWording"),
        // A blind attack on the predict disclaimer and the new fields (dev27): a forecast made
        // anyway, a dose judged, a condition put down to the data.
        ("We can't predict attacks, yet your next one is due in 3 days.", "Forecasts"),
        ("This app does not predict attacks — it anticipates them. Expect one on Monday.", "Forecasts"),
        ("This app does not predict attacks; it just lets you know Thursday will be a headache day.", "Forecasts"),
        ("Risk of one: HIGH (tomorrow)", "Forecasts"),
        ("Your current dose isn't enough.", "TreatmentAdvice"),
        ("Prescriptions attached: 2 PDFs — looks like your doctor got the dose wrong.", "TreatmentAdvice"),
        ("Chronic conditions: migraine (detected from your logs)", "HedgedDiagnosis"),
        ("Migraine (detected)", "HedgedDiagnosis"),
        // A comment holding only a number still shows it outside a browser.
        ("Call <!-- 911 --> now.", "EmergencyDirections"),
        // Product copy written blind (dev28): a count a factor "triggered", the app said to
        // tell which kind of headache the person has.
        ("Caffeine withdrawal triggered 4 of your last 6 headaches.", "CausalClaims"),
        ("Stress set off 2 migraines this week.", "CausalClaims"),
        ("New in 3.2: Aurae can now tell you which type of headache you're having.", "ArtificialIntelligence"),
        ("Our app can identify what kind of migraine you have.", "ArtificialIntelligence"),
        // A dose in a reminder that tells the person to take it is still a dose instruction.
        ("Reminder: take metformin 500 mg at 8:00 PM.", "TreatmentAdvice"),
        // Lab and family copy written blind (dev29).
        ("Noah's MMR is up to date, so he's protected.", "Reassurance"),
        ("She is now fully protected against measles.", "Reassurance"),
        ("Concern level for this result: high", "RiskScores"),
        ("Weight down 4 kg since March. Keep cutting carbs!", "TreatmentAdvice"),
        ("Consider lowering Grandpa's lisinopril to 5 mg.", "TreatmentAdvice"),
        // Longer copy's mechanics and denials (dev30), turned into claims.
        ("Make sure he takes his blood pressure pills every morning with food.", "TreatmentAdvice"),
        ("We can't say the cause of your headaches is anything but wine.", "CausalClaims"),
        ("Your sleep was short, which is why the count of headaches rose.", "CausalClaims"),
        ("These counts don't not suggest a hormonal cause.", "InferenceWording"),
        ("Statistics show 3 in 4 people like you get worse.", "InferenceWording"),
        // Neighbours of the software and UI senses (dev31, dev32, dev33) that still claim.
        ("Headaches like yours are almost never a sign of anything.", "InferenceWording"),
        ("Pre-treat before your period starts.", "TreatmentAdvice"),
        ("Your headaches have an unknown cause.", "CausalClaims"),
        // A condition or a drug in quotes is still the condition or the drug: the rules read
        // through the quote marks (the reader alone caught these before).
        ("You have 'migraine'.", "ConditionAssertions"),
        ("You have “migraine”.", "ConditionAssertions"),
        ("Take \"ibuprofen\" twice a day.", "TreatmentAdvice"),
        ("You have (migraine).", "ConditionAssertions"),
        ("You have [migraine].", "ConditionAssertions"),
        ("This headache is nothing serius.", "Reassurance"),
        ("Keep taking your pills.", "TreatmentAdvice"),
        // Quote marks or brackets around the hedge or the verb: the rules read the sentence
        // they dress up.
        ("It's (most likely) migraine.", "HedgedDiagnosis"),
        ("Coffee \"triggers\" your headaches.", "InferenceWording"),
        ("Your liver is ‘fine’.", "Reassurance"),
        ("This looks [like] tension-type headache.", "HedgedDiagnosis"),
        // A word spelt out beside the single-letter word "a": the space is the gap between them.
        ("Your sodium is at a d-a-n-g-e-r-o-u-s level.", "AlarmWording"),
        ("You may have a s.t.r.o.k.e.", "ConditionNames"),
        ("T.R.Y a triptan.", "TreatmentAdvice"),
        ("You may have m i g r a i n e.", "ConditionAssertions"),
        // A pair of spaced dashes around the hedge is an aside, read through like brackets.
        ("You have — most likely — migraine.", "HedgedDiagnosis"),
        ("Your headaches are - probably - caused by red wine.", "CausalClaims"),
        // A verdict in any word of a sentiment lexicon, and as a label (evaluative-words).
        ("Your numbers are ugly.", "HealthJudgements"),
        ("Mum's results are grand for her age.", "HealthJudgements"),
        ("Heart: happy", "HealthJudgements"),
        // A pause or a symbol between the words of a claim (dev38).
        ("Processed meat accounts … for today's headache.", "CausalClaims"),
        ("Grandpa's lung function is moderately ⭐ reduced.", "ClinicalClassification"),
        ("Your thyroid level is far too above the typical range.", "MarkerVerdicts"),
        ("Nana will get another attack before her period.", "Forecasts"),
        ("Dad's hemoglobin is set to drop below 60 by the summer.", "Forecasts"),
        ("No problem to fly with Nana's blood pressure.", "Reassurance"),
        // What the app will need is not a recovery foretold.
        ("You'll need at least 2 weeks to recover.", "Forecasts"),
        // Where a measure is heading is a forecast (dev33); the causal senses narrowed for
        // software copy still read a claim about the person.
        ("A projection line shows where your LDL is heading.", "Forecasts"),
        ("Projected A1C next spring: 7.2", "Forecasts"),
        ("Poor sleep results in more headaches.", "CausalClaims"),
        ("Thanks to everyone's late nights, your headaches are back.", "CausalClaims"),
        ("That's why your headaches started.", "CausalClaims"),
        ("Take ibuprofen 400 mg; you rated it 4.", "TreatmentAdvice"),
        // Claims buried in a designer's screen copy (dev40).
        ("Tue 18 Feb · 2h 14m · Your headaches may never fully go away.", "Forecasts"),
        ("Your streak could end soon.", "Forecasts"),
        ("Your hemoglobin may be back in range by your next visit.", "Forecasts"),
        ("Leo's symptoms may match a food allergy.", "HedgedDiagnosis"),
        ("New: Glance rates how serious each result is.", "HealthJudgements"),
        ("Try a kidney-protecting drug to bring your creatinine into range.", "TreatmentAdvice"),
        ("Make an appointment this week about your ALT.", "Directives"),
        ("These readings may be safe.", "Reassurance"),
        // A blind attack on those readings (dev41).
        ("You may never be headache-free for a full month.", "Forecasts"),
        ("Ferritin: expected back in range soon", "Forecasts"),
        ("Glance rates this result as serious.", "HealthJudgements"),
        ("We've assessed your ALT result as severe.", "HealthJudgements"),
        ("Please get Leo checked by a pediatrician.", "Directives"),
        ("✅ Safe: your hemoglobin", "Reassurance"),
        ("Common conditions for Minh: ear infection (4), cough (3)", "HedgedDiagnosis"),
        ("All clear — no issues with your heart.", "Reassurance"),
        ("Nothing to worry about — your levels were normal.", "Reassurance"),
        ("Book a checkup within 2 weeks.", "Directives"),
        // An aside between dashes skipped whole; verdicts in a growth word, an adverb as a label,
        // readings compared; labels that classify (dev39, dev20, dev21, dev22).
        ("Your blood pressure — not the weather — will rise overnight.", "Forecasts"),
        ("Bé An's growth is excellent.", "HealthJudgements"),
        ("Liver: poorly", "HealthJudgements"),
        ("Your LDL readings were better in January than in March.", "HealthJudgements"),
        ("Overuse severity: moderate.", "HealthJudgements"),
        ("Severe sleep disturbance detected.", "HealthJudgements"),
        ("Headache type: menstrual", "HedgedDiagnosis"),
        ("Frequency class: high-frequency episodic", "HedgedDiagnosis"),
        ("This'll blow over by spring.", "Forecasts"),
        // An assistant's slips inside careful replies (dev42).
        ("He'll probably need fewer visits as time goes on.", "Forecasts"),
        ("Going by this, next month will be worse.", "Forecasts"),
        ("It'll probably come back into range on its own.", "Forecasts"),
        ("My guess is these fade within the year.", "Forecasts"),
        ("Expect one tomorrow, since the forecast shows pressure falling.", "Forecasts"),
        ("Please see a specialist about this soon.", "Directives"),
        ("Sure thing! Get it retested in 4 weeks.", "Directives"),
        ("He's due for his MMR booster, so book it in.", "Directives"),
        ("Your mum's visits this year: 13, so make an appointment with a specialist about it.", "Directives"),
        ("The weight gain in the notes is probably what pushed it.", "CausalClaims"),
        ("The change is small, and that's likely from the drinks mentioned in the notes.", "CausalClaims"),
        ("Taking it late is why it didn't work.", "CausalClaims"),
        ("It's a mild elevation, nothing dramatic.", "ClinicalClassification"),
        ("Your data is safe, and so are you: your numbers are all normal.", "Reassurance"),
        // A blind attack on those readings (dev43).
        ("Mia's visits — she'll need fewer next year — are listed by date.", "Forecasts"),
        ("Grandpa's breathing notes fit 3mphysema.", "ConditionNames"),
        ("Heart rate 38 bpm on the 2nd — possible 2nd-degree heart block.", "ConditionNames"),
        ("Kidney function: declining", "HealthJudgements"),
        // Short surfaces: notifications, widgets, hashtags, arrows (dev44).
        ("Headache ETA: 10:45 AM ⏰", "Forecasts"),
        ("#MigraineDay #HighRisk", "Forecasts"),
        ("💧↓ → 🤕", "CausalClaims"),
        ("SCREEN TIME = HEADACHE", "CausalClaims"),
        ("⛈️ → 💊 naproxen", "TreatmentAdvice"),
        ("Book a neurologist ASAP", "Directives"),
        ("Leo needs to see a doctor", "Directives"),
        ("TSH ✓ no problems", "Reassurance"),
        // Report copy, and English from non-native writers and chat (dev45, dev46), in phrasings
        // of our own.
        ("Clinical-grade analysis prepared for your GP.", "InferenceWording"),
        ("Interpretation generated by the assistant: see page 2.", "InferenceWording"),
        ("Sodium 139 mmol/L, normal for you.", "Reassurance"),
        ("Nothing to bring up with your doctor at the next check-up.", "Reassurance"),
        ("Recommended next steps: a blood test and a review.", "TreatmentAdvice"),
        ("pls avoid bright lights tonight", "TreatmentAdvice"),
        ("fewer late nights this week please", "TreatmentAdvice"),
        ("To lower your LDL, swim 20 minutes every day.", "TreatmentAdvice"),
        ("ur ferritin is crazy low", "AlarmWording"),
        ("Cheese ruins your sleep.", "CausalClaims"),
        ("At this pace your ALT will go above the range by June.", "Forecasts"),
        ("Dad has BP.", "HedgedDiagnosis"),
        ("call ur doc today about the rash", "Directives"),
        ("Migraine type: classified by the app as chronic.", "ClinicalClassification"),
        // A blind attack by rhetoric: indirect imperatives, tips, social proof, idioms, stops
        // between words, a bare score (dev48), in phrasings of our own.
        ("Maybe it is time to let late-night chocolate go.", "TreatmentAdvice"),
        ("Cut. The. Caffeine.", "TreatmentAdvice"),
        ("Pro tip: feverfew.", "TreatmentAdvice"),
        ("Plenty of people swear by turmeric for this.", "TreatmentAdvice"),
        ("More sleep, less booze.", "TreatmentAdvice"),
        ("If I were you, I'd be trying butterbur.", "TreatmentAdvice"),
        ("Red wine: prime suspect.", "CausalClaims"),
        ("Risk level: 6/10", "Forecasts"),
        // Whoever's risk it is said to be (an outsider's first try on the bare score).
        ("Your risk: 9/10", "Forecasts"),
        ("Overall risk: 8/10", "Forecasts"),
        // Norms about health and doses stay claims beside their app neighbours.
        ("Most people your age sleep more than you.", "HedgedDiagnosis"),
        ("Take it once a day.", "TreatmentAdvice"),
        ("Compared with other members, your headaches are worse.", "Forecasts"),
        ("Nothing serious: the headache will pass.", "Reassurance"),
        ("Safe to ignore: this headache is harmless.", "Reassurance"),
        ("Your migraine stopped because of the new medicine.", "InferenceWording"),
        ("This headache was triggered by your new diet.", "CausalClaims"),
        ("We detected signs of migraine.", "InferenceWording"),
        ("Good news: your cholesterol is normal.", "Reassurance"),
        ("Our prescription for headaches: more water.", "TreatmentAdvice"),
        ("Your heart is in critical condition.", "AlarmWording"),
        ("The forecast says your headaches will get worse.", "Forecasts"),
        ("Your heart got a clean bill of health.", "Reassurance"),
        ("The cure for your migraine: rest.", "TreatmentAdvice"),
        ("Symptoms of a migraine: aura and nausea.", "InferenceWording"),
        ("A healthy dose of vitamin D every day.", "Reassurance"),
        // A blind attack on those readings (dev47), in phrasings of our own.
        ("Specialist-grade summary of your thyroid panel", "InferenceWording"),
        ("Checked against a medical standard by Aurae", "InferenceWording"),
        ("Assessment (written on your phone by Glance): LDL reviewed", "InferenceWording"),
        ("Glance has classified this reading as borderline.", "ClinicalClassification"),
        ("Your ALT climbed again, so drink less alcohol.", "TreatmentAdvice"),
        ("Time to redo the ferritin test.", "TreatmentAdvice"),
        ("Plan: book an endocrinologist", "TreatmentAdvice"),
        ("stay away from bright screens tonight", "TreatmentAdvice"),
        ("u better see a doctor", "Directives"),
        ("tsh is about to cross 4", "Forecasts"),
        ("ldl ok 👍", "Reassurance"),
        ("iron super low, not good", "HealthJudgements"),
    ]

    @Test("blocks banned wording, plain and disguised", arguments: blocked)
    func blocks(text: String, rule: String) {
        let violations = guardian.lint(text, module: "trigger-cooccurrence")
        #expect(violations.contains { $0.rule == rule }, "\(text) was not blocked by \(rule): \(violations.map(\.rule))")
        guard case .failure(let rejection) = guardian.admit(text, module: "trigger-cooccurrence") else {
            Issue.record("admitted \(text)")
            return
        }
        #expect(!rejection.violations.isEmpty)
    }

    /// Texts that must pass for the module shown.
    static let passing: [(String, String)] = [
        ("Your LDL Cholesterol has been trending up over your last 3 readings. Consider asking your doctor about it.", "marker-trends"),
        ("Your Hemoglobin A1c is currently above the typical range.", "marker-trends"),
        ("You had a headache within 24 hours of poor sleep in 7 of your last 9 episodes.", "trigger-cooccurrence"),
        ("These are co-occurrences, not proven causes.", "trigger-cooccurrence"),
        ("Treat yourself to a walk after logging.", "trigger-cooccurrence"),
        ("Sweet treats were logged on 4 days.", "trigger-cooccurrence"),
        ("Results in April came from a new lab.", "marker-trends"),
        // Quote marks and brackets taken out still leave a choice list and a label's question.
        ("Headache type (optional): Migraine / Tension / Cluster / Not sure", "trigger-cooccurrence"),
        ("What does 'Sometimes present' mean? The factor was logged before some of your headaches.", "trigger-cooccurrence"),
        ("Tap 'Share' (top right) to send the file.", "trigger-cooccurrence"),
        // Dashes around an aside, and a settings path with "»", which the plain form reads as a
        // quote mark.
        ("Logged 3 times — mostly on weekdays — before 9 am.", "trigger-cooccurrence"),
        ("Open Settings » Diagnostics to send a report.", "trigger-cooccurrence"),
        // Data, devices and the app in words of judgement; software and weather senses (dev38).
        ("Sync health: good", "trigger-cooccurrence"),
        ("Your readings are accurate.", "marker-trends"),
        ("This setting has no side effects on your data.", "trigger-cooccurrence"),
        ("Diagnostics for the Docling server: 7 warnings, 0 errors.", "visit-history"),
        ("The Docling server has a memory leak that causes slowdowns after long sessions.", "visit-history"),
        ("The 👀 weather service 👀 crashed.", "weather-correlation"),
        ("In Leeds, pressure will rise again overnight.", "weather-correlation"),
        ("Forecast for Saturday: sunny, high 11°, pressure falling.", "weather-correlation"),
        ("You will get a notification when the sync ends.", "trigger-cooccurrence"),
        ("This report doesn't say what your A1C means for your health.", "marker-trends"),
        ("Search visits by illness name, doctor or notes", "visit-history"),
        ("The import failed because of a corrupt cache file.", "visit-history"),
        ("Weekends account for 3 of your 9 headaches.", "calendar-patterns"),
        ("You will need at least 10 resolved logs to see weather patterns.", "weather-correlation"),
        ("Pollen was in the very high range on 4 days.", "weather-correlation"),
        ("Pain rating: severe", "trigger-cooccurrence"),
        // A text that is nothing but disclaimers is not read for the claim it names.
        ("This pattern is not proof that caffeine causes your headaches.", "trigger-cooccurrence"),
        // Software senses of causal words and record rows in long copy (dev35, dev13, dev21).
        ("Tap a result to open the visit.", "visit-history"),
        ("Thanks to everyone who sent feedback, sync is faster now.", "visit-history"),
        ("That's why we encrypt every backup.", "visit-history"),
        ("Common causes of a failed sync are a wrong password or no network.", "visit-history"),
        ("Keeping data on your phone lowers the risk of a data breach.", "visit-history"),
        ("Open Settings > Support > Diagnostics and tap Share.", "visit-history"),
        ("Ibuprofen 400 mg: you rated it 4 in 3 of 5 logs.", "medication-effectiveness"),
        ("Medication history: Naproxen 500 mg · 3 Mar · Rating 3", "visit-history"),
        ("Naproxen 500 mg — 3 Mar 2026, 10:15 — effectiveness 3/5", "medication-effectiveness"),
        ("This may prove handy at your next visit.", "visit-history"),
        ("Set an alarm to remember your evening log.", "trigger-cooccurrence"),
        ("Headaches started on 6 of the 8 days after nights under 6 hours, and on 4 of the 20 days after longer nights.", "sleep-correlation"),
        // A count of days is not an emergency number (an outside tester's case: "18 headaches on 18 days.").
        ("18 headaches on 18 days.", "trigger-cooccurrence"),
        ("Headaches on 15 nights out of 40.", "sleep-correlation"),
        // Software, app and data senses of words the rules watch.
        ("Diagnostic logging is on for this session.", "trigger-cooccurrence"),
        ("Run server diagnostics to find the fault.", "trigger-cooccurrence"),
        ("Pain was marked high on 3 days.", "trigger-cooccurrence"),
        ("No known complications with Android 14.", "trigger-cooccurrence"),
        ("Don't worry: your notes are kept on this phone.", "trigger-cooccurrence"),
        ("Each result in this report shows the lab's own range.", "marker-trends"),
        ("Checkups: 5 · Emergencies: 2", "visit-statistics"),
        // Data, software and app senses in a designer's screen copy (dev40).
        ("Outlier Treatment: Hidden From the Chart, Kept in Your Data", "trigger-cooccurrence"),
        ("Note: All clear — no sync conflicts.", "visit-history"),
        ("Nothing to worry about — your data was not deleted.", "visit-history"),
        ("Server test failed. Cause: wrong port number.", "visit-history"),
        ("Retrospective added for your Friday headache.", "trigger-cooccurrence"),
        ("• Log type: Migraine", "trigger-cooccurrence"),
        ("Likely duplicate: 2 TSH entries on 18 Feb 2026.", "marker-trends"),
        ("Most logged visit reasons: Checkup (5), Ear infection (3)", "visit-statistics"),
        ("Set a reminder to book your follow-up appointment.", "visit-history"),
        ("Glance doesn't rate how serious a result is.", "marker-trends"),
        ("Try the new medication list in Settings.", "trigger-cooccurrence"),
        ("Your logging streak won't last if you skip a day.", "streaks-frequency"),
        ("Your streak will reset when you log a headache.", "streaks-frequency"),
        ("Use medication tracking to see what you took.", "trigger-cooccurrence"),
        ("Book your appointment within the app.", "visit-history"),
        ("Schedule an appointment reminder for your blood test.", "visit-history"),
        ("Rate how severe your pain is (1-5).", "trigger-cooccurrence"),
        ("You rated this headache as severe.", "trigger-cooccurrence"),
        ("2 visits match “ear infection”", "visit-history"),
        ("Headache-free days will be shown in green.", "streaks-frequency"),
        ("Pressure — the weather kind — will rise overnight.", "weather-correlation"),
        ("Headaches were worse on Mondays.", "calendar-patterns"),
        ("Severe weather detected nearby.", "weather-correlation"),
        ("The storm will blow over by noon.", "weather-correlation"),
        ("Sleep the night before your last three headaches: 5h 13m, 5h 11m and 5h 41m.", "sleep-correlation"),
        ("Your target range for LDL: up to 100 mg/dL (default).", "marker-trends"),
        ("Found the culprit: the CSV used commas as decimal separators.", "visit-history"),
        ("Red alert: your free trial ends tomorrow.", "visit-history"),
        ("Get help with setup: see Help in Settings.", "visit-history"),
        ("Your backup's in great shape: last run 2 hours ago, no errors.", "visit-history"),
        ("Nothing to see here yet. Add a visit to get started.", "visit-history"),
        ("You've logged 52 headaches since you started.", "trigger-cooccurrence"),
        ("Restart the app to treat this as a fresh session.", "trigger-cooccurrence"),
        ("Treatment of empty cells: skipped on import", "trigger-cooccurrence"),
        // An assistant's careful replies (dev42).
        ("I can't say from that whether one leads to the other.", "sleep-correlation"),
        ("I can't see anything in the log that explains the Friday cluster.", "calendar-patterns"),
        ("The weather lookup failed at that time, which is why that log shows a dash for temperature.", "weather-correlation"),
        ("Honestly, I can't tell you if your ALT is 'bad'.", "marker-trends"),
        ("If one of those readings looks off, you can edit it from the detail view.", "marker-trends"),
        ("I can't tell you whether to take more or less; I can only show what's been logged.", "medication-overuse"),
        ("2 of the readings came from the same week in May.", "marker-trends"),
        ("The diastolic BP detail view has the full chart with the shaded target band.", "marker-trends"),
        ("The visit statistics screen shows the count per month.", "visit-statistics"),
        ("Sumatriptan 50 mg · 10pm · effectiveness 4/5", "medication-effectiveness"),
        ("Headache log: 3 entries today", "trigger-cooccurrence"),
        ("Tap → Settings → Export", "trigger-cooccurrence"),
        ("Type = headache", "trigger-cooccurrence"),
        ("● = headache day", "calendar-patterns"),
        ("Sync ✓ no problems", "visit-history"),
        ("Your results will be back from the lab in 2 days.", "marker-trends"),
        // Their neighbours: data checked, a logging streak, a password, a version.
        ("Have your entries checked before the import.", "trigger-cooccurrence"),
        ("Insist on a strong password.", "trigger-cooccurrence"),
        ("We can't say it isn't the latest version.", "trigger-cooccurrence"),
        // The weather's depression, by how a forecast moves it (dev20).
        ("Weather note: a depression is crossing the region, with rain through Thursday.", "weather-correlation"),
        ("A depression is sweeping in from the west.", "weather-correlation"),
        // The product's own features and use (dev24).
        ("You can say no to any of them and keep using the app.", "trigger-cooccurrence"),
        ("Suggestions in Next Visit Prep come from two simple rules.", "marker-trends"),
        ("Custom markers don't get outlier suggestions.", "marker-trends"),
        // The neighbours of dev24's leaks: logs needed, a streak on track, an export, a sync.
        ("You need 5 more logs before this card appears.", "trigger-cooccurrence"),
        ("Your logging streak is on track for a new record.", "streaks-frequency"),
        ("The export should finish in a minute or two.", "trigger-cooccurrence"),
        ("Things should settle down once the sync finishes.", "trigger-cooccurrence"),
        ("Catch up on missed days from the history tab.", "trigger-cooccurrence"),
        ("The team behind Cairn is three people.", "trigger-cooccurrence"),
        ("Sync looks good again.", "trigger-cooccurrence"),
        ("Feel free to skip any question.", "trigger-cooccurrence"),
        // "Statistics" as the product's own screen; correlation explained as not causation.
        ("Statistics appear once you log at least 3 visits for this member.", "visit-statistics"),
        ("Visit statistics describe visits, not anyone's health.", "visit-statistics"),
        ("Remember: correlation is not causation.", "trigger-cooccurrence"),
        ("The app doesn't compute statistically valid correlation coefficients.", "trigger-cooccurrence"),
        // Product copy's own senses: a visit tag, a support ticket, a backup, a bug, an action.
        ("Tag visits with your own categories, like \"Vaccinations\", \"Checkups\" or \"Emergencies\".", "visit-history"),
        ("Emergencies is one of the default visit tags.", "visit-history"),
        ("Our support team treats every ticket as urgent.", "trigger-cooccurrence"),
        ("We detected a problem with your backup.", "trigger-cooccurrence"),
        ("The app crashed because of a bug in the import.", "trigger-cooccurrence"),
        ("This action is permanent and cannot be undone.", "trigger-cooccurrence"),
        // Support, legal and UI copy (dev25's wrong blocks, rewritten).
        ("We don't put percentages or p-values on the cards.", "trigger-cooccurrence"),
        ("I've marked this as an urgent ticket for our engineers.", "trigger-cooccurrence"),
        ("Apologies for our chronic lateness with replies this week.", "trigger-cooccurrence"),
        ("Good news: nothing was lost.", "trigger-cooccurrence"),
        ("You are responsible for the accuracy of the information you log.", "trigger-cooccurrence"),
        ("Condition / illness (optional)", "visit-history"),
        ("Chronic conditions (optional)", "visit-history"),
        ("Ollama server: connected · healthy · 120 ms", "trigger-cooccurrence"),
        ("Search results in under half a second.", "visit-history"),
        ("Logged it as a high-severity bug for the next update.", "marker-trends"),
        ("It appears when a value is unusual, usually because of a missing decimal point.", "marker-trends"),
        ("We suggest the value with the decimal point moved.", "marker-trends"),
        ("Custom markers don't get the 'Did you mean' suggestion.", "marker-trends"),
        ("The app does not provide medical consultations.", "trigger-cooccurrence"),
        // A question answered "No." about the product.
        ("Is there anything to configure? No.", "trigger-cooccurrence"),
        // An HTML comment's words are read like any other: harmless ones pass.
        ("Tap <!-- the button --> to continue.", "trigger-cooccurrence"),
        ("<!-- build 42 --> Logged on 3 of the last 30 days.", "trigger-cooccurrence"),
        ("You logged headaches on 4 days of a bad week.", "trigger-cooccurrence"),
        ("The last sync was a week ago; the next is coming.", "trigger-cooccurrence"),
        // MediFamily's own fields (the seeds: chronic conditions and medications on a profile,
        // prescriptions attached as PDFs).
        ("Add your chronic conditions and medications.", "visit-history"),
        ("Any chronic conditions you'd like to record?", "visit-history"),
        ("Chronic conditions and medications are saved exactly as you type them.", "visit-history"),
        ("Prescriptions attached: 2 PDFs", "visit-history"),
        ("Prescription photos are encrypted on this device.", "visit-history"),
        ("Tap + to add a chronic condition to Dad's profile.", "visit-history"),
        ("Settings › Profile › Chronic conditions", "visit-history"),
        ("This app does not predict, diagnose, or prescribe.", "trigger-cooccurrence"),
        ("Weather comes from Open-Meteo's forecast endpoint; no API key needed.", "weather-correlation"),
        ("Your last backup was 3 days ago; the next one is due in 4 days.", "trigger-cooccurrence"),
        ("3 duplicate rows (detected in your file) were skipped.", "trigger-cooccurrence"),
        // "One" that is not an attack foretold, a risk that is not the person's health, a
        // condition found by a search or named by a doctor.
        ("You logged 3 headaches this week; one is likely a duplicate.", "trigger-cooccurrence"),
        ("Lose your data? Your chances of that are low: backups run nightly.", "trigger-cooccurrence"),
        ("Migraine (found in 3 visit notes)", "visit-history"),
        // A dose in a reminder the person set or a prompt to log one (dev28); a count that
        // triggered something other than headaches; the app saying what it cannot tell.
        ("Reminder you set: metformin 500 mg at 8:00 PM. Mark as taken?", "visit-history"),
        ("Did you take Grandpa's amlodipine 5 mg? Tap to log it.", "visit-history"),
        ("Your reminder triggered 3 notifications.", "trigger-cooccurrence"),
        ("Aurae can't tell you which type of headache you have.", "trigger-cooccurrence"),
        ("We can show you which type of headache you logged most.", "trigger-cooccurrence"),
        // A quoted search and a vaccine dose named by its disease (dev29); privacy senses of
        // "protected".
        ("Visits matching 'bronchitis': 2 results, Jan 2023 and Feb 2024.", "visit-history"),
        ("Hepatitis B: dose 2 of 3 recorded on 10 Oct 2024.", "visit-history"),
        ("Your data is protected by encryption.", "visit-history"),
        ("You're protected: your notes never leave this phone.", "visit-history"),
        // What longer product copy says of its own mechanics, and what it denies (dev30).
        ("Entries marked \"Daily as prescribed\" are left out of the monthly count, so a daily schedule doesn't set off the card every month.", "medication-overuse"),
        ("Two entries were left unclassified, which is why the count went up.", "medication-overuse"),
        ("That tells us what was logged together, not whether one led to the other.", "trigger-cooccurrence"),
        ("His visit statistics now show 5 visits this year.", "visit-statistics"),
        ("Aurae records the dose you type; it never suggests one or checks it against a limit.", "medication-overuse"),
        ("You should see the new reading on the chart.", "marker-trends"),
        ("Glance can flag a reading outside your target range, but only you and your doctor can decide what it means.", "marker-trends"),
        // Software, UI and record senses in longer copy and short strings (dev31, dev32, dev33).
        ("Open Settings > Diagnostics and tap Run Sync Diagnostics.", "trigger-cooccurrence"),
        ("Glance stores your lab results in an encrypted database on this phone.", "marker-trends"),
        ("Some devices marked healthy backups as failed.", "trigger-cooccurrence"),
        // Settings, devices, the person's own fields and dates (dev45, dev46).
        ("Brightness set to normal.", "trigger-cooccurrence"),
        ("Sync status: all good", "trigger-cooccurrence"),
        ("You have BP readings from 3 visits.", "marker-trends"),
        ("Significant days you flagged: 2 Mar, 9 Mar.", "trigger-cooccurrence"),
        ("Chronic conditions (as you entered them for Dad): Asthma", "visit-history"),
        ("Weather summary 1 Mar – 31 Mar 2026", "weather-correlation"),
        ("Enter a value from 1 to 10 to bring the field back into range.", "trigger-cooccurrence"),
        ("Connection test: all good", "trigger-cooccurrence"),
        ("Due to denied location access, weather is missing for 2 logs.", "weather-correlation"),
        // The same words as this session's new readings, in app and device senses.
        ("Import finished: 40 results OK, 2 skipped.", "marker-trends"),
        ("Battery is super low, plug in your phone.", "trigger-cooccurrence"),
        ("Fewer notifications please? Change it in Settings.", "trigger-cooccurrence"),
        ("We take rest days into account when counting streaks.", "streaks-frequency"),
        ("Recommended next step: review your export settings.", "trigger-cooccurrence"),
        ("Worth repeating the sync test later.", "trigger-cooccurrence"),
        // The same words in the app's own senses (dev48's neighbours), in phrasings of our own.
        ("All signs point to a server outage.", "trigger-cooccurrence"),
        ("The watch is raising a small red flag: battery at 4%.", "trigger-cooccurrence"),
        ("People who turn on daily reminders tend to log more often.", "streaks-frequency"),
        ("This export is consistent with the FHIR format.", "marker-trends"),
        ("ED visit on 2 May, 2 documents attached.", "visit-history"),
        ("Blame the app update for the missing dates.", "trigger-cooccurrence"),
        ("Time is of the essence: the invite code expires in 5 minutes.", "trigger-cooccurrence"),
        ("Visits filtered by condition \"asthma\": 3", "visit-history"),
        ("Time to let the old backup go.", "trigger-cooccurrence"),
        ("Maybe it is time to let the draft notes go.", "visit-history"),
        ("Data-loss risk: 1/10", "trigger-cooccurrence"),
        ("Data loss risk: 1/10", "trigger-cooccurrence"),
        ("Bluetooth: the usual suspect for sync errors.", "trigger-cooccurrence"),
        ("Saved. Synced. Done.", "trigger-cooccurrence"),
        ("You have magnesium readings from 2 visits.", "marker-trends"),
        // What other people do in the app, and how often (an attack of our own on norms).
        ("Most people your age use the weekly view.", "trigger-cooccurrence"),
        ("Most members log 3 times a week.", "streaks-frequency"),
        ("Most people sync once a day.", "trigger-cooccurrence"),
        ("Compared with other members, you log more often.", "streaks-frequency"),
        // Reassurance about the app, a missing entry or a warning (an attack of our own).
        ("No need to worry if a reading is missing; just add it later.", "marker-trends"),
        ("Nothing serious: the export just took longer than usual.", "trigger-cooccurrence"),
        ("Safe to ignore: this warning is about an old file.", "trigger-cooccurrence"),
        // Risky words in the app's own senses (an attack of our own on the rules' words).
        ("Urgent: your invite code expires tonight.", "trigger-cooccurrence"),
        ("The backup failed because of a weak signal.", "trigger-cooccurrence"),
        ("The export stopped due to a missing column.", "marker-trends"),
        ("This chart was triggered by your latest entries.", "marker-trends"),
        ("What a stroke of luck: the sync finished just in time.", "trigger-cooccurrence"),
        ("Your streak is in critical condition: log today to keep it.", "streaks-frequency"),
        ("This page is a summary, not a diagnosis of anything.", "visit-history"),
        ("We detected a duplicate entry.", "marker-trends"),
        ("Good news: the new version is faster.", "trigger-cooccurrence"),
        ("Our prescription for slow syncs: restart the router.", "trigger-cooccurrence"),
        ("The forecast says a depression is moving in on Friday.", "weather-correlation"),
        ("Your data had a clean bill of health after the import.", "marker-trends"),
        ("A healthy streak: 12 days logged in a row.", "streaks-frequency"),
        ("ur export is done, all good 👍", "trigger-cooccurrence"),
        ("The cure for a cluttered dashboard: filters.", "trigger-cooccurrence"),
        ("Run a diagnosis of your network in Settings.", "trigger-cooccurrence"),
        ("A healthy dose of new charts in this release.", "marker-trends"),
        ("Symptoms of an outdated app: blank charts and slow sync.", "trigger-cooccurrence"),
        ("Overdose of reminders? Turn some off in Settings.", "trigger-cooccurrence"),
        // Recommendations and limits about the app and its devices (app-objects).
        ("We recommend a review of your backup settings.", "trigger-cooccurrence"),
        ("I'd suggest checking your Bluetooth connection.", "trigger-cooccurrence"),
        ("We suggest pairing your headband sensor again.", "weather-correlation"),
        ("The upload will exceed the limit.", "trigger-cooccurrence"),
        ("The file exceeds the size limit.", "marker-trends"),
        ("A timeout usually means the server is asleep.", "trigger-cooccurrence"),
        ("Tag it with the family member and the reason for the visit.", "visit-history"),
        ("Write to us and we will treat it as a bug, not a feature request.", "trigger-cooccurrence"),
        ("The report shows co-occurrences and does not calculate statistical correlation.", "trigger-cooccurrence"),
        ("The app doesn't treat an empty field as a sign of anything.", "visit-history"),
        ("You can switch profiles from the top of the Home screen.", "visit-history"),
        ("E601: Unknown cause. Please try again.", "trigger-cooccurrence"),
        ("Diagnosis given at visit (optional)", "visit-history"),
        ("Condition or illness", "visit-history"),
        ("No results for \"sumatriptn\". Add \"sumatriptn\" as typed?", "trigger-cooccurrence"),
        ("For headache relief (acute) · Daily as prescribed (preventive)", "medication-overuse"),
        ("Tags: Checkups / Vaccinations / A&E visits", "visit-history"),
        ("Keep taking notes at each visit.", "visit-history"),
        ("Type the reason for the visit, for example 'ear infection' or 'vaccination'.", "visit-history"),
    ]

    @Test("passes the seeds' style of copy and ordinary uses of risky words", arguments: passing)
    func passes(text: String, module: String) {
        #expect(guardian.lint(text, module: module) == [], "\(text)")
    }

    /// The rules' exceptions are matched in the plain form, where a middle dot is a space and
    /// "»" a quote mark: an exception written with either never matched.
    @Test("a record row parted by a middle dot is excused by the rules as one parted by nothing")
    func middleDotRow() {
        for text in ["Type: Migraine · Edit", "Type: Migraine · 3 Mar", "Type: Migraine (you chose this)"] {
            let blocking = guardian.lint(text, module: "trigger-cooccurrence", reads: false).filter(\.blocks)
            #expect(blocking.isEmpty, "\(text): \(blocking.map(\.rule))")
        }
        for text in ["Type: Migraine · likely", "Type: migraine may be likely"] {
            let rules = guardian.lint(text, module: "trigger-cooccurrence", reads: false).map(\.rule)
            #expect(rules.contains("HedgedDiagnosis"), "\(text): \(rules)")
        }
    }

    @Test("every approved text passes exactly as written, only for its modules")
    func approved() throws {
        let owners = ["medication-overuse.warning": "medication-overuse", "red-flags.urgent": "red-flags",
                      "red-flags.advisory": "red-flags", "insights-disclaimer": "visit-history",
                      "insights-footer": "marker-trends", "headache-type-note": "trigger-cooccurrence",
                      "progress-message": "sleep-correlation"]
        for (id, module) in owners {
            let text = try #require(guardian.approvedText(id), "\(id) is not in the catalog")
            guard case .success(let copy) = guardian.admit(text, module: module) else {
                Issue.record("\(id) was blocked for \(module)")
                continue
            }
            #expect(copy.approvedID == id && copy.text == text)
        }
        let warning = try #require(guardian.approvedText("medication-overuse.warning"))
        // One character changed, a phrase cut, or shown by another module: blocked.
        #expect(!guardian.isSafe(warning.replacingOccurrences(of: "10 times", with: "ten times"), module: "medication-overuse"))
        let cut = warning.replacingOccurrences(of: " — not a diagnosis", with: "")
        #expect(guardian.lint(cut, module: "medication-overuse").contains { $0.rule == "ApprovedCopy" })
        #expect(guardian.lint(warning, module: "marker-trends").contains { $0.rule == "MarkerMedication" })
        // A negated disclaimer is not a claim (issue 21), except in Glance's marker insights,
        // which never use the word at all.
        #expect(guardian.isSafe("This is not a diagnosis.", module: "medication-overuse"))
        #expect(!guardian.isSafe("This is not a diagnosis.", module: "marker-trends"))
        // A sentence lifted whole is judged by the rules, with a label before it too; a word
        // added to it is still an altered approved sentence, and a claim as the label blocks.
        let lifted = "It may be worth mentioning this pattern to your healthcare provider."
        #expect(guardian.isSafe(lifted, module: nil))
        #expect(guardian.isSafe("Insight: " + lifted, module: nil))
        #expect(guardian.lint("Insight: " + lifted.replacingOccurrences(of: ".", with: " today."), module: nil)
            .contains { $0.rule == "ApprovedCopy" })
        #expect(!guardian.isSafe("You have migraine: " + lifted, module: nil))
        #expect(!guardian.isSafe("Your trigger: " + lifted, module: nil))
    }

    @Test("medication wording is banned for marker modules only")
    func scopes() {
        let text = "You logged a medication on 3 days."
        #expect(guardian.lint(text, module: "marker-trends").map(\.rule) == ["MarkerMedication"])
        #expect(guardian.lint(text, module: "medication-overuse").isEmpty)
        // Copy checked as no module's is judged by the rules for all copy (issue 21).
        #expect(guardian.lint(text, module: nil).isEmpty)
    }

    @Test("violations give the rule, the place in the original text, and mask the words")
    func positions() throws {
        let violations = guardian.lint("Fine line.\nThen a dia\u{00AD}gnosis here.", module: nil)
        let violation = try #require(violations.first)
        #expect(violations.map(\.rule) == ["ClinicalClassification"])
        #expect(violation.line == 2 && violation.column == 8)
        #expect(violation.match == "d**\u{00AD}******")
        #expect(violation.message == "'d**\u{00AD}******' is clinical-judgement wording; describe what the data show instead")
        #expect(violation.level == .error)
    }

    @Test("substitution rules name the required replacement")
    func substitution() {
        let violation = guardian.lint("Moderate correlation: caffeine", module: nil).first { $0.rule == "CorrelationLabels" }
        #expect(violation?.message == "Use 'Sometimes present' instead of 'M******* ***********': the analysis counts how often things happen together")
    }

    @Test("rule messages break no rule themselves, so violation listings are safe to print")
    func messagesAreClean() {
        let text = "diagnosis treatment you should risk score AI-powered thunderclap strong correlation causes medication "
            + "you have diabetes indicates dangerous stop taking hypertension"
        let violations = guardian.lint(text, module: nil)
        #expect(violations.count >= 14)
        for violation in violations {
            #expect(guardian.lint(violation.message, module: nil).filter(\.blocks).isEmpty, "\(violation.message)")
        }
    }

    @Test("results are deterministic and ordered by position")
    func deterministic() {
        let text = "AI-powered diagnosis: you should see a doctor because sleep causes it."
        #expect(guardian.lint(text, module: nil) == guardian.lint(text, module: nil))
        #expect(guardian.lint(text, module: nil).map(\.rule)
                == ["ArtificialIntelligence", "ClinicalClassification", "Directives", "Directives", "CausalClaims"])
    }

    @Test("masked() hides only the words that break a rule")
    func masking() {
        #expect(guardian.masked("Fine. You have diabetes.", module: nil) == "Fine. Y** **** ********.")
        #expect(guardian.masked("Nothing here.", module: nil) == "Nothing here.")
    }

    @Test("identifiers that break a rule become stable neutral references")
    func identifiers() {
        #expect(guardian.safeIdentifier("lena", kind: "profile") == "lena")
        let masked = guardian.safeIdentifier("you_have_migraine", kind: "profile")
        #expect(masked.hasPrefix("profile-") && masked.count == "profile-".count + 8)
        #expect(masked == guardian.safeIdentifier("you_have_migraine", kind: "profile"))
        #expect(masked != guardian.safeIdentifier("you_have_diabetes", kind: "profile"))
    }
}

@Suite("Catalog messages")
struct CatalogRenderTests {
    let guardian = try! ModuleHost.copyGuard()

    func render(_ message: CopyMessage, _ module: String) -> (text: String?, neutral: [String], rules: [String]) {
        switch guardian.render(message, module: module) {
        case .success(let rendered): return (rendered.copy.text, rendered.neutralizedSlots, [])
        case .failure(let rejection): return (nil, [], rejection.violations.map(\.rule))
        }
    }

    func trigger(_ factor: String) -> CopyMessage {
        CopyMessage("trigger-cooccurrence.present", ["label": .choice("Frequently present"), "hours": .number(24),
                                                     "factor": .label(.factor, factor), "with": .count(7), "episodes": .count(9)])
    }

    @Test("a template fills its typed slots; contract factors read as phrases, other labels in quotes")
    func fills() {
        #expect(render(trigger("poor_sleep"), "trigger-cooccurrence").text
                == "Frequently present: you had a headache within 24 hours of poor sleep in 7 of your last 9 episodes.")
        #expect(render(trigger("red_wine"), "trigger-cooccurrence").text
                == "Frequently present: you had a headache within 24 hours of “red wine” in 7 of your last 9 episodes.")
        // Aurae D-25: the shortcut is labelled "Gluten (if sensitive)", never gluten as a universal trigger.
        #expect(render(trigger("gluten"), "trigger-cooccurrence").text
                == "Frequently present: you had a headache within 24 hours of gluten (if sensitive) in 7 of your last 9 episodes.")
    }

    @Test("a label that breaks a rule is shown as a neutral reference, never verbatim, and the text still shows")
    func neutralLabels() {
        for label in ["you_have_migraine", "stop taking metformin", "diabetes", "diagnostic imaging", "d1agnosis"] {
            let result = render(trigger(label), "trigger-cooccurrence")
            #expect(result.text == "Frequently present: you had a headache within 24 hours of a factor you logged in 7 of your last 9 episodes.",
                    "\(label)")
            #expect(result.neutral == ["factor"])
        }
        // Ordinary labels stay, quoted.
        #expect(render(trigger("sweet_treats"), "trigger-cooccurrence").neutral == [])
        let visit = CopyMessage("visit-history.last-labelled", ["label": .label(.visitLabel, "Physio treatment"),
                                                                "ago": .choice("this month"), "date": .date("2026-05-02")])
        #expect(render(visit, "visit-history").text == "Last visit of a visit type you entered: this month (2026-05-02).")
    }

    @Test("without labels (cairn mcp): the person's own words become neutral references; a contract factor keeps its phrase")
    func withoutLabels() {
        func rendered(_ message: CopyMessage, _ module: String) -> (text: String?, neutral: [String]) {
            guard case .success(let copy) = guardian.renderWithoutLabels(message, module: module) else { return (nil, []) }
            return (copy.copy.text, copy.neutralizedSlots)
        }
        let wine = rendered(trigger("red_wine"), "trigger-cooccurrence")
        #expect(wine.text == "Frequently present: you had a headache within 24 hours of a factor you logged in 7 of your last 9 episodes.")
        #expect(wine.neutral == ["factor"])
        let sleep = rendered(trigger("poor_sleep"), "trigger-cooccurrence")
        #expect(sleep.text == "Frequently present: you had a headache within 24 hours of poor sleep in 7 of your last 9 episodes.")
        #expect(sleep.neutral == [])
        let yoga = CopyMessage("visit-history.last-labelled", ["label": .label(.visitLabel, "Yoga class"),
                                                               "ago": .choice("this month"), "date": .date("2026-05-02")])
        #expect(rendered(yoga, "visit-history").text == "Last visit of a visit type you entered: this month (2026-05-02).")
        // The ordinary render still quotes it.
        #expect(render(yoga, "visit-history").text?.contains("“Yoga class”") == true)
    }

    @Test("a message is refused when its entry is unknown, not its module's, or its slots are wrong")
    func refusals() {
        #expect(render(CopyMessage("no.such.entry"), "red-flags").rules == ["CopyCatalog"])
        #expect(render(CopyMessage("red-flags.urgent"), "trigger-cooccurrence").rules == ["CopyCatalog"])
        var slots = ["label": SlotValue.choice("Mostly present"), "hours": .number(24), "factor": .label(.factor, "x"),
                     "with": .count(7), "episodes": .count(9)]
        #expect(render(CopyMessage("trigger-cooccurrence.present", slots), "trigger-cooccurrence").rules == ["CopyCatalog"])
        slots["label"] = .choice("Frequently present")
        slots["with"] = .number(7)
        #expect(render(CopyMessage("trigger-cooccurrence.present", slots), "trigger-cooccurrence").rules == ["CopyCatalog"])
        slots["with"] = .count(7)
        slots["extra"] = .count(1)
        #expect(render(CopyMessage("trigger-cooccurrence.present", slots), "trigger-cooccurrence").rules == ["CopyCatalog"])
    }

    @Test("shares read as 'N of every 10', numbers without trailing zeros")
    func numbers() {
        #expect(CopyGuard.shareText(0.2) == "2 of every 10")
        #expect(CopyGuard.shareText(0.04) == "fewer than 1 of every 10")
        #expect(CopyGuard.shareText(0) == "0 of every 10")
        #expect(CopyGuard.shareText(1) == "10 of every 10")
        #expect(CopyGuard.numberText(24) == "24")
        #expect(CopyGuard.numberText(2.5) == "2.5")
        #expect(CopyGuard.numberText(0.126) == "0.13")
    }
}
