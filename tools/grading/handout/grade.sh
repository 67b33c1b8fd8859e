# pbm grade and pbm autograder in a students' edition (./pbm handout): the
# grading tools stay with the instructor, whose tests also include some the
# edition does not hold. Sourced by ./pbm (the driver); uses its die.

cmd_grade() {
  die 1 "grading is done by your instructor: hand in your exercises/NN_topic/ folders (README.md, \"Handing in\"); ./pbm test NN runs the tests you have"
}

cmd_autograder() {
  die 1 "grading is done by your instructor (this is a students' edition: no autograder here)"
}

cmd_collect() {
  die 1 "collecting the class's repositories is done by your instructor (this is a students' edition)"
}
